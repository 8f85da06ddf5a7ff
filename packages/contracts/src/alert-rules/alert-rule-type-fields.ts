import { z } from 'zod';
import {
  alertNameField,
  autoResolveMinutesField,
  booleanField,
  conditionTypeField,
  countDocumentField,
  dataSourceIdField,
  dataSourceIdList,
  dataviewNameField,
  dataviewTitleField,
  extraFieldList,
  minutesField,
  queryObjectField,
  queryStringField,
  queryTextField,
  severityList,
  someDataSourceIds,
  textList,
} from './alert-rule-fields';

/**
 * What a rule of one type stores besides the fields every rule has: one object, or one per
 * `queryType`; `singleSource` when it names one data source (`dataSourceId`) rather than a list.
 * The shape of a source plugin's `ruleFields` (the SDK's `SourceRuleFields`), restated because
 * contracts depend on nothing but zod.
 *
 * @example { fields: z.object({ dataSourceIds: someDataSourceIds, dataSourceAlertName: alertNameField }) }
 */
export type RuleTypeFields =
  | { readonly fields: z.ZodObject; readonly singleSource?: true }
  | { readonly byQueryType: Readonly<Record<string, z.ZodObject>>; readonly singleSource?: true };

/**
 * Every rule type a service offers, in the order error texts list them, with what each stores.
 * The core builds it from the loaded plugins (`alertRuleTypeCatalog`); the faces build their rule
 * schemas from it.
 *
 * @example new Map([['api', apiFields], ['notification', notificationFields], ['grafana', grafana.ruleFields]])
 */
export type AlertRuleTypeCatalog = ReadonlyMap<string, RuleTypeFields>;

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

const apiFields: RuleTypeFields = {
  fields: z
    .object({
      enableAutoResolve: booleanField('enable auto resolve').default(false),
      autoResolveMinutes: autoResolveMinutesField.nullish(),
    })
    .superRefine(requireAutoResolveMinutes),
};

const notificationFields: RuleTypeFields = { fields: z.object({}) };

const textQuery = z.object({
  queryText: queryTextField,
  queryObject: queryObjectField.nullish(),
  // Not in the contract's list: the sources the checker evaluates against; empty means every one.
  dataSourceIds: dataSourceIdList.default([]),
});

// Grafana's short uids: letters, digits, - and _, at most 40.
const GRAFANA_UID = /^[a-zA-Z0-9_-]+$/;
const MAX_GRAFANA_UID = 40;

/**
 * A Grafana textQuery rule queries through one of Grafana's data sources, so its `queryObject` is
 * required and names it (`datasourceUid`), as the Grafana plugin's rule fields say.
 */
const grafanaTextQuery = textQuery.extend({
  queryObject: queryObjectField.superRefine((queryObject, ctx) => {
    const uid = queryObject.datasourceUid;
    const message =
      typeof uid !== 'string' || uid.length === 0
        ? 'The datasource uid field is required.'
        : uid.length > MAX_GRAFANA_UID
          ? `The datasource uid may not be greater than ${MAX_GRAFANA_UID} characters.`
          : GRAFANA_UID.test(uid)
            ? undefined
            : 'The datasource uid may only contain letters, digits, - and _.';
    if (message !== undefined) ctx.addIssue({ code: 'custom', path: ['datasourceUid'], message });
  }),
});

/** Prometheus may leave the sources empty (every connected one); Grafana and PMM must name theirs. */
const dynamicOrTextQuery = (
  dataSourceIds: typeof someDataSourceIds | z.ZodDefault<typeof dataSourceIdList>,
  textQueryFields: z.ZodObject = textQuery,
): RuleTypeFields => ({
  byQueryType: {
    dynamic: z.object({
      dataSourceIds,
      dataSourceAlertName: alertNameField,
      extraField: extraFieldList.default([]),
    }),
    textQuery: textQueryFields,
  },
});

const namedAlert: RuleTypeFields = {
  fields: z.object({ dataSourceIds: someDataSourceIds, dataSourceAlertName: alertNameField }),
};

const countThresholdShape = {
  dataSourceId: dataSourceIdField,
  queryString: queryStringField,
  minutes: minutesField,
  conditionType: conditionTypeField,
  countDocument: countDocumentField,
};

const zabbix: RuleTypeFields = {
  fields: z.object({
    dataSourceIds: someDataSourceIds,
    hosts: textList('hosts').default([]),
    actions: textList('actions').default([]),
    // Empty means every severity.
    severities: severityList.default([]),
  }),
};

/**
 * The rule types the contract has always listed (`ALERT_RULE_TYPE_VALUES`, in its order) with the
 * shapes it has always given them. The core takes a source type's shape from here only when no
 * loaded plugin declares one: the query-only types until they have plugins, and every type of a
 * core built without plugins.
 */
export const BUILT_IN_RULE_TYPE_FIELDS: AlertRuleTypeCatalog = new Map([
  ['api', apiFields],
  ['notification', notificationFields],
  ['prometheus', dynamicOrTextQuery(dataSourceIdList.default([]))],
  ['grafana', dynamicOrTextQuery(someDataSourceIds, grafanaTextQuery)],
  ['pmm', dynamicOrTextQuery(someDataSourceIds)],
  ['sentry', namedAlert],
  ['splunk', namedAlert],
  ['metabase', namedAlert],
  ['zabbix', zabbix],
  [
    'elastic',
    {
      fields: z.object({
        ...countThresholdShape,
        dataviewName: dataviewNameField,
        dataviewTitle: dataviewTitleField,
      }),
      singleSource: true,
    },
  ],
  ['victoria_logs', { fields: z.object(countThresholdShape), singleSource: true }],
]);
