import { z } from 'zod';
import { requiredText } from '../common/fields';
import { objectOf, type Strictness } from '../common/strictness';
import {
  type AlertRuleTypeValue,
  alertNameField,
  autoResolveMinutesField,
  booleanField,
  conditionTypeField,
  countDocumentField,
  dataSourceIdField,
  dataSourceIdList,
  dataviewNameField,
  dataviewTitleField,
  descriptionField,
  endpointIdList,
  extraFieldList,
  minutesField,
  QUERY_TYPE_ERROR,
  QUERY_TYPE_VALUES,
  queryObjectField,
  queryStringField,
  queryTextField,
  severityList,
  someDataSourceIds,
  TYPE_ERROR,
  tagList,
  teamIdList,
  textList,
  userIdList,
} from './alert-rule-fields';

/** The fields every type shares, with the defaults a create fills in. */
export const alertRuleCommonShape = {
  name: requiredText('name'),
  description: descriptionField,
  showAcknowledgeBtn: booleanField('show acknowledge button').default(false),
  tags: tagList.default([]),
  userIds: userIdList.default([]),
  teamIds: teamIdList.default([]),
  endpointIds: endpointIdList.default([]),
};

const apiShape = {
  enableAutoResolve: booleanField('enable auto resolve').default(false),
  autoResolveMinutes: autoResolveMinutesField.nullish(),
};

const textQueryShape = {
  queryType: z.literal('textQuery'),
  queryText: queryTextField,
  queryObject: queryObjectField.nullish(),
  // Not in the contract's list: the sources the checker evaluates against; empty means every one.
  dataSourceIds: dataSourceIdList.default([]),
};

/** Prometheus may leave the sources empty (every connected one); Grafana and PMM must name theirs. */
const dynamicShape = (dataSourceIds: typeof someDataSourceIds | z.ZodDefault<typeof dataSourceIdList>) => ({
  queryType: z.literal('dynamic'),
  dataSourceIds,
  dataSourceAlertName: alertNameField,
  extraField: extraFieldList.default([]),
});

const namedAlertShape = { dataSourceIds: someDataSourceIds, dataSourceAlertName: alertNameField };

const zabbixShape = {
  dataSourceIds: someDataSourceIds,
  hosts: textList('hosts').default([]),
  actions: textList('actions').default([]),
  // Empty means every severity.
  severities: severityList.default([]),
};

const countThresholdShape = {
  dataSourceId: dataSourceIdField,
  queryString: queryStringField,
  minutes: minutesField,
  conditionType: conditionTypeField,
  countDocument: countDocumentField,
};

const elasticShape = {
  ...countThresholdShape,
  dataviewName: dataviewNameField,
  dataviewTitle: dataviewTitleField,
};

/** Typed loosely so it applies to the `api` variant whatever common fields it is built with. */
function requireAutoResolveMinutes(
  rule: { enableAutoResolve?: unknown; autoResolveMinutes?: unknown },
  ctx: z.RefinementCtx,
): void {
  if (rule.enableAutoResolve === true && rule.autoResolveMinutes == null) {
    ctx.addIssue({
      code: 'custom',
      path: ['autoResolveMinutes'],
      message: 'The auto resolve minutes field is required when auto resolve is enabled.',
    });
  }
}

/**
 * One object per type (two for the query types, one per `queryType`), each with `base` added:
 * the common fields for a create body, nothing for the type-specific fields alone.
 */
function alertRuleVariants<B extends z.ZodRawShape>(base: B, strictness: Strictness) {
  const variant = <T extends AlertRuleTypeValue, F extends z.ZodRawShape>(type: T, fields: F) =>
    objectOf({ type: z.literal(type), ...base, ...fields }, strictness);
  const queried = <T extends 'prometheus' | 'grafana' | 'pmm'>(
    type: T,
    dataSourceIds: Parameters<typeof dynamicShape>[0],
  ) =>
    z.discriminatedUnion(
      'queryType',
      [variant(type, dynamicShape(dataSourceIds)), variant(type, textQueryShape)],
      { error: QUERY_TYPE_ERROR },
    );
  return [
    variant('api', apiShape).superRefine(requireAutoResolveMinutes),
    variant('notification', {}),
    queried('prometheus', dataSourceIdList.default([])),
    queried('grafana', someDataSourceIds),
    queried('pmm', someDataSourceIds),
    variant('sentry', namedAlertShape),
    variant('splunk', namedAlertShape),
    variant('metabase', namedAlertShape),
    variant('zabbix', zabbixShape),
    variant('elastic', elasticShape),
    variant('victoria_logs', countThresholdShape),
  ] as const;
}

/** A create body: the shape is chosen by `type` (and `queryType` for prometheus, grafana, pmm). */
export function alertRuleCreateBodySchema(strictness: Strictness) {
  return z.discriminatedUnion('type', alertRuleVariants(alertRuleCommonShape, strictness), {
    error: TYPE_ERROR,
  });
}

export const alertRuleCreateBody = alertRuleCreateBodySchema('strip');

/**
 * The type-specific fields of one rule, `type` included. An update merges what it sends into the
 * stored fields and checks the result against this, so a stored rule is always a valid one.
 */
export const alertRuleTypeFields = z.discriminatedUnion('type', alertRuleVariants({}, 'strip'), {
  error: TYPE_ERROR,
});

/**
 * An update body: every field optional and nothing defaulted, so what is left out stays as it
 * is. Type-specific fields are typed here and checked against the rule's type by the use case.
 * `type` may be sent back unchanged (clients echo their form) but never changed.
 */
export const alertRuleUpdateShape = {
  type: z.string({ error: 'The type must be a string.' }).max(64).optional(),
  name: requiredText('name').optional(),
  description: descriptionField,
  showAcknowledgeBtn: booleanField('show acknowledge button').optional(),
  tags: tagList.optional(),
  userIds: userIdList.optional(),
  teamIds: teamIdList.optional(),
  endpointIds: endpointIdList.optional(),
  enableAutoResolve: booleanField('enable auto resolve').optional(),
  autoResolveMinutes: autoResolveMinutesField.nullish(),
  queryType: z.enum(QUERY_TYPE_VALUES, { error: QUERY_TYPE_ERROR }).optional(),
  dataSourceIds: dataSourceIdList.optional(),
  dataSourceId: dataSourceIdField.optional(),
  dataSourceAlertName: alertNameField.optional(),
  extraField: extraFieldList.optional(),
  queryText: queryTextField.optional(),
  queryObject: queryObjectField.nullish(),
  hosts: textList('hosts').optional(),
  actions: textList('actions').optional(),
  severities: severityList.optional(),
  dataviewName: dataviewNameField.optional(),
  dataviewTitle: dataviewTitleField,
  queryString: queryStringField.optional(),
  minutes: minutesField.optional(),
  conditionType: conditionTypeField.optional(),
  countDocument: countDocumentField.optional(),
};

export const alertRuleUpdateBody = z.object(alertRuleUpdateShape);
