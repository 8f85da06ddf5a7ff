import {
  type AlertRuleTypeCatalog,
  alertRuleTypeFieldsSchema,
  idField,
  idList,
  type RuleTypeFields,
  requiredText,
} from '@oncall/contracts';
import { z } from 'zod';

// The per-type shapes the contract gave the built-in source types before each plugin's
// `ruleFields` replaced them (issue #27), kept as the expected answers of the compatibility test:
// every plugin must accept, default and refuse exactly as these did.

const ZABBIX_SEVERITY_VALUES = ['0', '1', '2', '3', '4', '5'] as const;
const CONDITION_TYPE_VALUES = ['greaterOrEqual', 'lessOrEqual'] as const;
const MAX_LOOKBACK_MINUTES = 10_080;
const MAX_COUNT_DOCUMENT = 1_000_000_000;
const unique = <T>(items: T[]): T[] => [...new Set(items)];

const positiveInteger = (label: string, max: number) =>
  z
    .number({ error: `The ${label} must be an integer.` })
    .int(`The ${label} must be an integer.`)
    .min(1, `The ${label} must be at least 1.`)
    .max(max, `The ${label} may not be greater than ${max}.`);

const optionalText = (label: string, max: number) =>
  z
    .string({ error: `The ${label} must be a string.` })
    .trim()
    .max(max, `The ${label} may not be greater than ${max} characters.`);

const dataSourceIdList = idList('data source ids');

const someDataSourceIds = dataSourceIdList.min(1, 'Select at least one data source.');

const dataSourceIdField = idField('data source id');

const alertNameField = requiredText('data source alert name', 255);

const extraFieldList = z
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

const queryTextField = requiredText('query text', 10_000);

const queryObjectField = z.record(z.string(), z.unknown(), {
  error: 'The query object must be an object.',
});

const textList = (label: string) =>
  z
    .array(requiredText(label, 255), { error: `The ${label} must be an array.` })
    .max(500, `The ${label} may not have more than 500 items.`)
    .transform(unique);

const severityList = z
  .array(z.enum(ZABBIX_SEVERITY_VALUES, { error: 'Each severity must be one of 0, 1, 2, 3, 4, 5.' }), {
    error: 'The severities must be an array.',
  })
  .max(6, 'The severities may not have more than 6 items.')
  .transform(unique);

const conditionTypeField = z.enum(CONDITION_TYPE_VALUES, {
  error: 'The condition type must be greaterOrEqual or lessOrEqual.',
});

const minutesField = positiveInteger('minutes', MAX_LOOKBACK_MINUTES);

const countDocumentField = positiveInteger('count document', MAX_COUNT_DOCUMENT);

const queryStringField = requiredText('query string', 10_000);

const dataviewNameField = requiredText('dataview name', 255);

const dataviewTitleField = optionalText('dataview title', 255).nullish();

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

export const CONTRACT_SOURCE_RULE_TYPE_FIELDS: AlertRuleTypeCatalog = new Map([
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

/** The contract's type-specific fields of one rule of a built-in source type, `type` included. */
export const contractRuleTypeFields = alertRuleTypeFieldsSchema(CONTRACT_SOURCE_RULE_TYPE_FIELDS);
