import { z } from 'zod';
import { idField, idList, requiredText } from '../common/fields';

/**
 * The rule types the contract has always listed, in its order: the host's `api` and `notification`,
 * then the data-source types of the built-in sources. The types a service offers come from its
 * plugins (`AlertRuleTypeCatalog`); `BUILT_IN_RULE_TYPE_FIELDS` keeps these types' shapes.
 */
export const ALERT_RULE_TYPE_VALUES = [
  'api',
  'notification',
  'prometheus',
  'grafana',
  'pmm',
  'sentry',
  'splunk',
  'metabase',
  'zabbix',
  'elastic',
  'victoria_logs',
] as const;

export const ALERT_STATE_VALUES = ['unknown', 'warning', 'critical', 'triggered', 'resolved'] as const;
export const CONDITION_TYPE_VALUES = ['greaterOrEqual', 'lessOrEqual'] as const;
/** Zabbix trigger severities: 0 is "not classified", 5 is "disaster". */
export const ZABBIX_SEVERITY_VALUES = ['0', '1', '2', '3', '4', '5'] as const;

/** Bounds the contract leaves open: a week of look-back, a month until auto-resolve. */
export const MAX_LOOKBACK_MINUTES = 10_080;
export const MAX_AUTO_RESOLVE_MINUTES = 43_200;
export const MAX_COUNT_DOCUMENT = 1_000_000_000;

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

export const positiveInteger = (label: string, max: number) =>
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

export const dataSourceIdList = idList('data source ids');
export const someDataSourceIds = dataSourceIdList.min(1, 'Select at least one data source.');
export const dataSourceIdField = idField('data source id');

export const alertNameField = requiredText('data source alert name', 255);

/** Label filters of a dynamic rule: `{key, value}` pairs matched against labels and annotations. */
export const extraFieldList = z
  .array(
    z.object(
      {
        key: requiredText('key', 255),
        value: z.string({ error: 'The value must be a string.' }).max(1000),
      },
      { error: 'Each extra field must be an object with key and value.' },
    ),
    { error: 'The extra field must be an array.' },
  )
  .max(50, 'The extra field may not have more than 50 items.');

export const queryTextField = requiredText('query text', 10_000);
export const queryObjectField = z.record(z.string(), z.unknown(), {
  error: 'The query object must be an object.',
});

export const textList = (label: string) =>
  z
    .array(requiredText(label, 255), { error: `The ${label} must be an array.` })
    .max(500, `The ${label} may not have more than 500 items.`)
    .transform(unique);

export const severityList = z
  .array(z.enum(ZABBIX_SEVERITY_VALUES, { error: 'Each severity must be one of 0, 1, 2, 3, 4, 5.' }), {
    error: 'The severities must be an array.',
  })
  .max(6, 'The severities may not have more than 6 items.')
  .transform(unique);

export const conditionTypeField = z.enum(CONDITION_TYPE_VALUES, {
  error: 'The condition type must be greaterOrEqual or lessOrEqual.',
});

export const minutesField = positiveInteger('minutes', MAX_LOOKBACK_MINUTES);
export const countDocumentField = positiveInteger('count document', MAX_COUNT_DOCUMENT);
export const autoResolveMinutesField = positiveInteger('auto resolve minutes', MAX_AUTO_RESOLVE_MINUTES);
export const queryStringField = requiredText('query string', 10_000);
export const dataviewNameField = requiredText('dataview name', 255);
export const dataviewTitleField = optionalText('dataview title', 255).nullish();

export const userIdList = idList('user ids');
export const teamIdList = idList('team ids');
export const endpointIdList = idList('endpoint ids');
