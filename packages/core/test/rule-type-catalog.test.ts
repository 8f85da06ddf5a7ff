import { alertRuleCreateBodySchema, HOST_RULE_TYPE_FIELDS } from '@oncall/contracts';
import {
  type AnySourceDefinition,
  defaultRuleFields,
  defineSource,
  hostRuleFields,
  type SourceRuleFields,
  z,
} from '@oncall/plugin-sdk';
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
import {
  alertRuleTypeCatalog,
  externalRuleTypes,
  isSingleSource,
} from '../src/alert-rules/rule-type-catalog';
import { createPluginRegistry } from '../src/plugins/plugin-registry';

const webhookSource = (
  dataSourceType: string,
  extra: { ruleFields?: SourceRuleFields; listRules?: AnySourceDefinition['listRules'] } = {},
): AnySourceDefinition =>
  defineSource({
    id: dataSourceType.replaceAll('_', '-'),
    displayName: dataSourceType,
    dataSourceType,
    capabilities: { webhook: true, resolves: true },
    payloadSchema: z.object({ name: z.string() }),
    normalize: (payload) => [
      { name: payload.name, status: 'firing', labels: {}, annotations: {}, details: {} },
    ],
    fixtures: [],
    ...extra,
  });

const builtInSources = [prometheus, grafana, pmm, sentry, splunk, metabase, zabbix, elastic, victoriaLogs];
/** The rule types the contract listed before the catalog came from the plugins alone, in its order. */
const ALERT_RULE_TYPE_VALUES = [
  'api',
  'notification',
  ...builtInSources.map((source) => source.dataSourceType),
] as const;
const registry = (sources: readonly AnySourceDefinition[]) => createPluginRegistry({ channels: [], sources });

describe('the rule-type catalog', () => {
  it("offers only the host's types, with their shapes, when no plugin is loaded", () => {
    const catalog = alertRuleTypeCatalog(registry([]));
    expect([...catalog.keys()]).toEqual(['api', 'notification']);
    for (const [type, fields] of catalog) expect(fields).toBe(HOST_RULE_TYPE_FIELDS.get(type));
  });

  it("takes the built-in sources' rule fields, in the contract's order", () => {
    const catalog = alertRuleTypeCatalog(registry(builtInSources));
    expect([...catalog.keys()]).toEqual([...ALERT_RULE_TYPE_VALUES]);
    for (const plugin of builtInSources) expect(catalog.get(plugin.dataSourceType)).toBe(plugin.ruleFields);
    for (const type of ['api', 'notification']) {
      expect(catalog.get(type)).toBe(HOST_RULE_TYPE_FIELDS.get(type));
    }
  });

  it("puts a plugin's type last, with the SDK's default fields when it declares none", () => {
    const uptime = webhookSource('uptime_kuma');
    const catalog = alertRuleTypeCatalog(registry([...builtInSources, uptime]));
    expect([...catalog.keys()]).toEqual([...ALERT_RULE_TYPE_VALUES, 'uptime_kuma']);
    expect(catalog.get('uptime_kuma')).toBe(defaultRuleFields);
  });

  it("checks a plugin type's rules with its rule fields, listing it in the type error", () => {
    const ruleFields: SourceRuleFields = {
      fields: z.object({ dataSourceIds: hostRuleFields.someDataSourceIds, monitor: z.string() }),
    };
    const catalog = alertRuleTypeCatalog(
      registry([...builtInSources, webhookSource('uptime_kuma', { ruleFields })]),
    );
    const body = alertRuleCreateBodySchema(catalog, 'strip');
    expect(
      body.parse({ type: 'uptime_kuma', name: 'API', dataSourceIds: ['ds-1'], monitor: 'API' }),
    ).toMatchObject({
      type: 'uptime_kuma',
      dataSourceIds: ['ds-1'],
      monitor: 'API',
    });
    expect(
      body.safeParse({ type: 'uptime_kuma', name: 'API', dataSourceIds: [] }).error?.issues,
    ).toMatchObject([
      { path: ['dataSourceIds'], message: 'Select at least one data source.' },
      { path: ['monitor'] },
    ]);
    expect(body.safeParse({ type: 'nagios', name: 'x' }).error?.issues).toMatchObject([
      {
        path: ['type'],
        message: `The type must be one of ${[...ALERT_RULE_TYPE_VALUES, 'uptime_kuma'].join(', ')}.`,
      },
    ]);
  });

  it('runs the checks across fields a plugin puts on its rule fields, and never lets them shadow common fields', () => {
    const ruleFields: SourceRuleFields = {
      fields: z
        .object({
          dataSourceIds: hostRuleFields.someDataSourceIds,
          low: z.number(),
          high: z.number(),
          name: z.number(),
        })
        .refine((rule) => rule.low < rule.high, { path: ['high'], message: 'high must be above low' }),
    };
    const catalog = alertRuleTypeCatalog(registry([webhookSource('thresholds', { ruleFields })]));
    const body = alertRuleCreateBodySchema(catalog, 'strip');
    const rule = { type: 'thresholds', name: 'Range', dataSourceIds: ['ds-1'], low: 5, high: 1 };
    expect(body.safeParse(rule).error?.issues).toMatchObject([
      { path: ['high'], message: 'high must be above low' },
    ]);
    expect(body.parse({ ...rule, high: 9 })).toMatchObject({ name: 'Range', low: 5, high: 9 });
  });

  it('offers the types whose sources list their rules', () => {
    const listing = webhookSource('uptime_kuma', { listRules: async () => ['API'] });
    expect(externalRuleTypes(registry([]))).toEqual([]);
    expect(externalRuleTypes(registry([...builtInSources, listing]))).toEqual([
      'prometheus',
      'grafana',
      'uptime_kuma',
    ]);
  });

  it('says which types name a single data source', () => {
    const catalog = alertRuleTypeCatalog(registry(builtInSources));
    const single = [...catalog.keys()].filter((type) => isSingleSource(catalog, type));
    expect(single).toEqual(['elastic', 'victoria_logs']);
  });
});
