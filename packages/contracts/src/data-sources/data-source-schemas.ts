import { z } from 'zod';
import { requiredText } from '../common/fields';
import { pageQueryShape } from '../common/page-query';
import { checkStatusSchema } from '../scheduled-checks/check-status-schema';
import { connectionOptionFields, connectionOptionViewFields } from './connection-options';
import { dataSourceUrl } from './data-source-url';

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
 * A field a data source's read shows for a receiver some source plugin declares (the SDK's
 * `ReceiverSetup`): its name, the shape of its value and what it is.
 */
export interface DataSourceReadField {
  readonly field: string;
  readonly description: string;
  readonly schema: z.ZodObject;
}

/**
 * What the data-source schemas are built from (core's `dataSourceCatalog(plugins)`): the loaded
 * source plugins' data-source types, in the registry's order; `ruleFormTypes`, those whose data
 * sources the legacy rule form's pick list (`create-data/data-source/{type}`) offers: the others
 * are a 422 there, as that contract's clients expect (default: every type); `receiverSetups`, the
 * fields a data source's read adds for the plugins' receivers, null on data sources of other types
 * (default: none).
 *
 * @example { types: ['prometheus', 'grafana', …, 'uptime_kuma'], ruleFormTypes: ['prometheus', …], receiverSetups: [] }
 */
export interface DataSourceCatalog {
  readonly types: readonly string[];
  readonly ruleFormTypes?: readonly string[];
  readonly receiverSetups?: readonly DataSourceReadField[];
}

/**
 * The data-source bodies and the type-bearing answers, for the types of `catalog`; each face builds
 * them once, from the registry it is given.
 *
 * @example const schemas = dataSourceSchemas({ types: core.plugins.dataSourceTypes });
 */
export function dataSourceSchemas(catalog: DataSourceCatalog) {
  const typeField = z.enum(catalog.types, { error: typeError });
  const ruleTypes = catalog.ruleFormTypes ?? catalog.types;
  return {
    createBody: z.object({ ...connection, type: typeField }),
    /** `type` may be echoed back; the use case refuses a different one (a type is fixed at creation). */
    updateBody: z.object({ ...connection, type: typeField.optional() }),
    ruleTypeParams: z.object({ type: z.enum(ruleTypes, { error: typeError }) }),
    typeInfo: z.object({ type: z.enum(catalog.types), label: z.string(), isWebhook: z.boolean() }),
    view: dataSourceViewSchema(catalog.receiverSetups ?? []),
  };
}

export type DataSourceSchemas = ReturnType<typeof dataSourceSchemas>;

export const dataSourceListQuery = z.object({ ...pageQueryShape(), name: z.string().max(190).optional() });

// Answers carry `type` as stored, not as an enum of the loaded types: a data source whose plugin is
// no longer loaded must still be read (and deleted), not fail the answer.
const storedType = z.string().describe('a data-source type (GET /data-source/types)');

/** A data source as its owners read it, with a field for each receiver setup the plugins declare. */
const dataSourceViewSchema = (setups: readonly DataSourceReadField[]) =>
  z.object({
    id: z.string(),
    name: z.string(),
    type: storedType,
    url: z.string(),
    username: z.string().nullable(),
    apiToken: z.string().describe('masked; empty when unset'),
    password: z.string().describe('masked; empty when unset'),
    isWebhook: z.boolean(),
    webhookToken: z.string().nullable(),
    webhookUrl: z
      .string()
      .nullable()
      .describe('where the monitoring system posts alerts; webhook types only'),
    ...Object.fromEntries(
      setups.map((setup) => [setup.field, setup.schema.nullable().describe(setup.description)]),
    ),
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
