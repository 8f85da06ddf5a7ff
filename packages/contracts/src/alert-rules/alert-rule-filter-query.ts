import { z } from 'zod';
import { pageQueryShape } from '../common/page-query';
import { ALERT_STATE_VALUES, oneOf, typeError } from './alert-rule-fields';
import type { AlertRuleTypeCatalog } from './alert-rule-type-fields';

/** A list parameter sent comma-separated (`a,b`), repeated (`x=a&x=b`) or both. */
const listParam = <T extends z.ZodType<unknown, string>>(item: T) =>
  z
    .union([z.string().max(4000), z.array(z.string().max(4000)).max(100)], {
      error: 'The value must be a string or a list of strings.',
    })
    .transform((value) =>
      (Array.isArray(value) ? value : [value])
        .flatMap((part) => part.split(','))
        .map((part) => part.trim())
        .filter(Boolean),
    )
    .pipe(z.array(item).max(100, 'No more than 100 values.'));

const states = listParam(
  z.enum(ALERT_STATE_VALUES, { error: `Each status must be one of ${ALERT_STATE_VALUES.join(', ')}.` }),
);

/**
 * The filters of the list and of group actions (the same names). `userId` and `endpointId` that
 * name no record simply match nothing. `status` filters on the rule's state; `types` takes the
 * catalog's.
 */
export function alertRuleFilterShape(catalog: AlertRuleTypeCatalog) {
  const types = [...catalog.keys()];
  return {
    alertname: z.string().max(190).optional(),
    userId: z.string().max(100).optional(),
    types: listParam(oneOf(types, typeError(types))).optional(),
    tags: listParam(z.string().max(64)).optional(),
    endpointId: z.string().max(100).optional(),
    status: states.optional(),
  };
}

export const silentStatusField = z.enum(['silent', 'active'], {
  error: 'The silent status must be silent or active.',
});

type State = (typeof ALERT_STATE_VALUES)[number];

/**
 * Legacy clients send several states as `status[]=critical&status[]=warning`; the query parser
 * keeps that key as it is, so it is read here and merged into `status`.
 */
function mergeBracketedStatus<T extends { status?: State[]; 'status[]'?: State[] }>({
  'status[]': bracketed,
  ...rest
}: T): Omit<T, 'status[]'> & { status?: State[] } {
  const status = [...new Set([...(rest.status ?? []), ...(bracketed ?? [])])];
  return { ...rest, status: status.length > 0 ? status : undefined };
}

const bracketedStatus = { 'status[]': states.optional() };

export const alertRuleListQuery = (catalog: AlertRuleTypeCatalog) =>
  z
    .object({
      ...pageQueryShape(),
      ...alertRuleFilterShape(catalog),
      ...bracketedStatus,
      silentStatus: silentStatusField.optional(),
    })
    .transform(mergeBracketedStatus);

/** `group-action/silent` and `unsilent`. */
export const alertRuleGroupQuery = (catalog: AlertRuleTypeCatalog) =>
  z
    .object({
      ...alertRuleFilterShape(catalog),
      ...bracketedStatus,
      silentStatus: silentStatusField.optional(),
    })
    .transform(mergeBracketedStatus);

/** `group-action/delete` and `add-user-notify` take the filters without `silentStatus`. */
export const alertRuleGroupQueryWithoutSilence = (catalog: AlertRuleTypeCatalog) =>
  z.object({ ...alertRuleFilterShape(catalog), ...bracketedStatus }).transform(mergeBracketedStatus);
