import { z } from 'zod';
import { idList, requiredText } from '../common/fields';

export const ALERT_STATE_VALUES = ['unknown', 'warning', 'critical', 'triggered', 'resolved'] as const;

/** A bound the contract leaves open: a month until auto-resolve. */
export const MAX_AUTO_RESOLVE_MINUTES = 43_200;

/**
 * A few choices as messages list them.
 *
 * @example orList(['dynamic', 'textQuery']) // 'dynamic or textQuery'
 * @example orList(['a', 'b', 'c']) // 'a, b or c'
 */
export function orList(values: readonly string[]): string {
  return values.length < 2 ? values.join('') : `${values.slice(0, -1).join(', ')} or ${values.at(-1)}`;
}

/** @example typeError(['api', 'notification']) // 'The type must be one of api, notification.' */
export const typeError = (types: readonly string[]) => `The type must be one of ${types.join(', ')}.`;

/** @example queryTypeError(['dynamic', 'textQuery']) // 'The query type must be dynamic or textQuery.' */
export const queryTypeError = (queryTypes: readonly string[]) =>
  `The query type must be ${orList(queryTypes)}.`;

/**
 * A string that must be one of `values` (listed in OpenAPI as an enum), with one message for
 * anything else; refuses everything when there are none.
 */
export function oneOf(values: readonly string[], error: string): z.ZodType<string, string> {
  const [first, ...rest] = values;
  return first === undefined ? z.never({ error }) : z.enum([first, ...rest], { error });
}

const unique = <T>(items: T[]): T[] => [...new Set(items)];

const positiveInteger = (label: string, max: number) =>
  z
    .number({ error: `The ${label} must be an integer.` })
    .int(`The ${label} must be an integer.`)
    .min(1, `The ${label} must be at least 1.`)
    .max(max, `The ${label} may not be greater than ${max}.`);

export const booleanField = (label: string) =>
  z.boolean({ error: `The ${label} field must be true or false.` });

export const optionalText = (label: string, max: number) =>
  z
    .string({ error: `The ${label} must be a string.` })
    .trim()
    .max(max, `The ${label} may not be greater than ${max} characters.`);

export const descriptionField = optionalText('description', 2000).nullish();

/** Tags are compared exactly (the list filter needs every one); duplicates are dropped. */
export const tagList = z
  .array(requiredText('tag', 64), { error: 'The tags must be an array.' })
  .max(50, 'The tags may not have more than 50 items.')
  .transform(unique);

export const autoResolveMinutesField = positiveInteger('auto resolve minutes', MAX_AUTO_RESOLVE_MINUTES);

/** A day: a longer group interval would hold instances back for longer than anyone waits. */
export const MAX_GROUP_INTERVAL_SECONDS = 86_400;
/** A week between repeats of an unacknowledged group. */
export const MAX_REPEAT_INTERVAL_SECONDS = 604_800;

const secondsField = (label: string, max: number) =>
  z
    .number({ error: `The ${label} must be an integer number of seconds.` })
    .int(`The ${label} must be an integer number of seconds.`)
    .min(0, `The ${label} may not be negative.`)
    .max(max, `The ${label} may not be greater than ${max} seconds.`);

/**
 * Seconds a group window gathers what follows a message (docs/grouping.md); null takes the
 * instance default, 0 pages every instance on its own.
 */
export const groupIntervalField = secondsField('group interval', MAX_GROUP_INTERVAL_SECONDS).nullable();

/** Seconds after which an unacknowledged firing group is paged again; 0 never. */
export const repeatIntervalField = secondsField('repeat interval', MAX_REPEAT_INTERVAL_SECONDS);

/** Label names whose values split a rule's instances into groups; duplicates are dropped. */
export const groupByList = z
  .array(requiredText('group by label', 128), { error: 'The group by labels must be an array.' })
  .max(20, 'The group by labels may not have more than 20 items.')
  .transform(unique);

export const userIdList = idList('user ids');
export const teamIdList = idList('team ids');
export const endpointIdList = idList('endpoint ids');
