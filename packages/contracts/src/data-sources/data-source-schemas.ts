import { z } from 'zod';
import { requiredText } from '../common/fields';
import { pageQueryShape } from '../common/page-query';
import { checkStatusSchema } from '../scheduled-checks/check-status-schema';
import { connectionOptionFields, connectionOptionViewFields } from './connection-options';
import { dataSourceUrl } from './data-source-url';

/**
 * Types whose data sources `create-data/data-source/{type}` does not list: the legacy contract
 * offers rule forms no Metabase data sources, and its clients rely on the 422.
 */
const WITHOUT_RULE_PICK_LIST: ReadonlySet<string> = new Set(['metabase']);

const typeError = (issue: { input?: unknown }) =>
  issue.input === undefined ? 'The type field is required.' : 'The selected type is invalid.';

/**
 * A secret as sent: left out or sent back as masked, an update keeps it; `null` or `""` clears it;
 * another masked-looking value (a stale form) is refused by the use case.
 */
const secret = (label: string) =>
  z
    .string({ error: `The ${label} must be a string.` })
    .max(4096, `The ${label} may not be greater than 4096 characters.`)
    .nullish();

const connection = {
  name: requiredText('name'),
  url: dataSourceUrl,
  username: z
    .string({ error: 'The username must be a string.' })
    .trim()
    .max(190, 'The username may not be greater than 190 characters.')
    .nullish(),
  apiToken: secret('api token'),
  password: secret('password'),
  ...connectionOptionFields,
};

/**
 * What the data-source schemas are built from: the loaded source plugins' data-source types, in
 * the registry's order.
 *
 * @example { types: plugins.dataSourceTypes } // ['prometheus', 'grafana', …, 'uptime_kuma']
 */
export interface DataSourceCatalog {
  readonly types: readonly string[];
}

/**
 * The data-source bodies and the type-bearing answers, for the types of `catalog`; each face builds
 * them once, from the registry it is given.
 *
 * @example const schemas = dataSourceSchemas({ types: core.plugins.dataSourceTypes });
 */
export function dataSourceSchemas(catalog: DataSourceCatalog) {
  const typeField = z.enum(catalog.types, { error: typeError });
  const ruleTypes = catalog.types.filter((type) => !WITHOUT_RULE_PICK_LIST.has(type));
  return {
    createBody: z.object({ ...connection, type: typeField }),
    /** `type` may be echoed back; the use case refuses a different one (a type is fixed at creation). */
    updateBody: z.object({ ...connection, type: typeField.optional() }),
    ruleTypeParams: z.object({ type: z.enum(ruleTypes, { error: typeError }) }),
    typeInfo: z.object({ type: z.enum(catalog.types), label: z.string(), isWebhook: z.boolean() }),
  };
}

export type DataSourceSchemas = ReturnType<typeof dataSourceSchemas>;

export const dataSourceListQuery = z.object({ ...pageQueryShape(), name: z.string().max(190).optional() });

// Answers carry `type` as stored, not as an enum of the loaded types: a data source whose plugin is
// no longer loaded must still be read (and deleted), not fail the answer.
const storedType = z.string().describe('a data-source type (GET /data-source/types)');

export const dataSourceViewSchema = z.object({
  id: z.string(),
  name: z.string(),
  type: storedType,
  url: z.string(),
  username: z.string().nullable(),
  apiToken: z.string().describe('masked; empty when unset'),
  password: z.string().describe('masked; empty when unset'),
  isWebhook: z.boolean(),
  webhookToken: z.string().nullable(),
  webhookUrl: z.string().nullable().describe('where the monitoring system posts alerts; webhook types only'),
  alertmanager: z
    .object({
      alertsUrl: z.string().describe('{webhookUrl}/api/v2/alerts, where an Alertmanager API v2 client posts'),
      scheme: z.string().nullable().describe("Prometheus's alertmanagers scheme, from PUBLIC_URL"),
      target: z.string().nullable().describe("Prometheus's alertmanagers static_configs target, host:port"),
      pathPrefix: z.string().describe('path_prefix with the token in it'),
      credentialsPathPrefix: z
        .string()
        .describe('path_prefix when the token is sent as authorization.credentials'),
    })
    .nullable()
    .describe("what to paste into Prometheus's alerting.alertmanagers; prometheus, grafana and pmm only"),
  ...connectionOptionViewFields,
  poll: checkStatusSchema
    .extend({
      last: z
        .record(z.string(), z.unknown())
        .optional()
        .describe('what the last poll found: {listed, matched, resolved}, or {error}'),
    })
    .optional()
    .describe('a polled data source (pollIntervalSeconds set): how its polls go'),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});

export const dataSourceStatusSchema = z.object({ isConnected: z.boolean(), message: z.string() });

export const dataSourceOptionSchema = z.object({
  id: z.string(),
  name: z.string(),
  type: storedType,
});
