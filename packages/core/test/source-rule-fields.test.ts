import type { AnySourceDefinition } from '@oncall/plugin-sdk';
import elastic from '@oncall/source-elastic';
import grafana from '@oncall/source-grafana';
import metabase from '@oncall/source-metabase';
import pmm from '@oncall/source-pmm';
import prometheus from '@oncall/source-prometheus';
import sentry from '@oncall/source-sentry';
import splunk from '@oncall/source-splunk';
import victoriaLogs from '@oncall/source-victoria-logs';
import zabbix from '@oncall/source-zabbix';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { contractRuleTypeFields as alertRuleTypeFields } from './support/contract-rule-type-fields';

// Compat: nothing reads the plugins' ruleFields yet. Once rule bodies are checked with them, they
// must accept, default and refuse exactly as the contract's per-type shapes do today.

/** The plugin's rule-fields schema for one rule, with `type` (and `queryType`) added as the host would. */
function pluginSchema(plugin: AnySourceDefinition, queryType: string | undefined) {
  const ruleFields = plugin.ruleFields;
  if (ruleFields === undefined) throw new Error(`${plugin.id} declares no rule fields`);
  const type = { type: z.literal(plugin.dataSourceType) };
  if ('fields' in ruleFields) return ruleFields.fields.extend(type);
  const variant = queryType === undefined ? undefined : ruleFields.byQueryType[queryType];
  if (variant === undefined) throw new Error(`${plugin.id} has no "${queryType}" rule fields`);
  return variant.extend({ ...type, queryType: z.literal(queryType) });
}

const outcomeOf = (result: z.ZodSafeParseResult<unknown>) =>
  result.success
    ? { ok: true, data: result.data }
    : { ok: false, issues: result.error.issues.map(({ path, message }) => ({ path, message })) };

const webhookOrQuery: Record<string, unknown>[] = [
  { queryType: 'dynamic', dataSourceIds: ['ds-1'], dataSourceAlertName: 'HighCPU' },
  {
    queryType: 'dynamic',
    dataSourceIds: ['ds-1'],
    dataSourceAlertName: ' HighCPU ',
    extraField: [{ key: 'env', value: 'prod*' }],
  },
  { queryType: 'dynamic', dataSourceAlertName: 'HighCPU' },
  { queryType: 'dynamic', dataSourceIds: [], dataSourceAlertName: 'HighCPU' },
  { queryType: 'dynamic', dataSourceIds: ['ds-1'] },
  { queryType: 'dynamic', dataSourceIds: ['ds-1'], dataSourceAlertName: ' ' },
  { queryType: 'dynamic', dataSourceIds: ['ds-1'], dataSourceAlertName: 'x'.repeat(256) },
  { queryType: 'dynamic', dataSourceIds: 'ds-1', dataSourceAlertName: 'HighCPU' },
  { queryType: 'dynamic', dataSourceIds: [''], dataSourceAlertName: 'HighCPU' },
  { queryType: 'dynamic', dataSourceIds: ['ds-1'], dataSourceAlertName: 'HighCPU', extraField: 'env' },
  {
    queryType: 'dynamic',
    dataSourceIds: ['ds-1'],
    dataSourceAlertName: 'HighCPU',
    extraField: [{ key: '' }],
  },
  { queryType: 'dynamic', dataSourceIds: ['ds-1'], dataSourceAlertName: 'HighCPU', extraField: ['env'] },
  { queryType: 'textQuery', queryText: 'up == 0' },
  { queryType: 'textQuery', queryText: 'up == 0', queryObject: { a: 1 }, dataSourceIds: ['ds-1'] },
  { queryType: 'textQuery', queryText: 'up == 0', queryObject: null },
  { queryType: 'textQuery', queryText: '' },
  { queryType: 'textQuery', queryObject: 'x' },
];

const namedAlert: Record<string, unknown>[] = [
  { dataSourceIds: ['ds-1'], dataSourceAlertName: 'ERP sync failures' },
  {
    dataSourceIds: ['ds-1'],
    dataSourceAlertName: 'ERP sync failures',
    extraField: [{ key: 'a', value: 'b' }],
  },
  { dataSourceIds: [], dataSourceAlertName: 'ERP sync failures' },
  { dataSourceAlertName: 'ERP sync failures' },
  { dataSourceIds: ['ds-1'], dataSourceAlertName: 42 },
];

const zabbixSettings: Record<string, unknown>[] = [
  { dataSourceIds: ['ds-1'] },
  {
    dataSourceIds: ['ds-1'],
    hosts: ['db-1', 'db-1', ' db-2 '],
    actions: ['Page DBAs'],
    severities: ['4', '5', '4'],
  },
  { dataSourceIds: [] },
  { dataSourceIds: ['ds-1'], hosts: 'db-1', actions: [''], severities: ['9'] },
  { dataSourceIds: ['ds-1'], hosts: Array.from({ length: 501 }, (_, i) => `h${i}`) },
  { dataSourceIds: ['ds-1'], severities: ['0', '1', '2', '3', '4', '5', '5'] },
  { dataSourceIds: ['ds-1'], actions: ['x'.repeat(256)], severities: 4 },
];

const countThreshold: Record<string, unknown>[] = [
  {
    dataSourceId: 'ds-1',
    queryString: 'status:500',
    minutes: 5,
    conditionType: 'greaterOrEqual',
    countDocument: 10,
  },
  {
    dataSourceId: 'ds-1',
    queryString: ' level:error ',
    minutes: 10_080,
    conditionType: 'lessOrEqual',
    countDocument: 1,
  },
  { dataSourceId: '', queryString: '', minutes: 0, conditionType: 'equal', countDocument: 0 },
  {
    dataSourceId: 7,
    queryString: 'x',
    minutes: 1.5,
    conditionType: 'greaterOrEqual',
    countDocument: 1_000_000_001,
  },
  { dataSourceIds: ['ds-1'], queryString: 'x', minutes: 10_081, countDocument: '3' },
  {},
];

/** The count-threshold samples, with and without Elasticsearch's data view. */
const elasticSettings: Record<string, unknown>[] = [
  ...countThreshold.map((sample) => ({ ...sample, dataviewName: 'logs-*' })),
  { ...countThreshold[0], dataviewName: ' logs-* ', dataviewTitle: ' Logs ' },
  { ...countThreshold[0], dataviewName: 'logs-*', dataviewTitle: null },
  { ...countThreshold[0], dataviewName: '', dataviewTitle: 7 },
  { ...countThreshold[0], dataviewName: 'x'.repeat(256), dataviewTitle: 'x'.repeat(256) },
  countThreshold[0] ?? {},
];

const CASES: [AnySourceDefinition, Record<string, unknown>[]][] = [
  [prometheus, webhookOrQuery],
  [grafana, webhookOrQuery],
  [pmm, webhookOrQuery],
  [sentry, namedAlert],
  [splunk, namedAlert],
  [metabase, namedAlert],
  [zabbix, zabbixSettings],
  [elastic, elasticSettings],
  [victoriaLogs, countThreshold],
];

describe.each(CASES.map(([plugin, samples]) => [plugin.id, plugin, samples] as const))(
  '%s rule fields',
  (_id, plugin, samples) => {
    it.each(samples.map((sample) => [JSON.stringify(sample).slice(0, 120), sample] as const))(
      'treat %s as the contract does',
      (_label, sample) => {
        const body = { type: plugin.dataSourceType, ...sample };
        const queryType = typeof sample.queryType === 'string' ? sample.queryType : undefined;
        expect(outcomeOf(pluginSchema(plugin, queryType).safeParse(body))).toEqual(
          outcomeOf(alertRuleTypeFields.safeParse(body)),
        );
      },
    );
  },
);
