import { z } from 'zod';
import { requiredText } from '../common/fields';
import { pageQueryShape } from '../common/page-query';
import { dataSourceUrl } from './data-source-url';

export const DATA_SOURCE_TYPE_VALUES = [
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

/** The types `create-data/data-source/{type}` answers for (the contract leaves out metabase). */
const RULE_DATA_SOURCE_TYPE_VALUES = [
  'prometheus',
  'sentry',
  'grafana',
  'pmm',
  'zabbix',
  'splunk',
  'elastic',
  'victoria_logs',
] as const;

const typeError = (issue: { input?: unknown }) =>
  issue.input === undefined ? 'The type field is required.' : 'The selected type is invalid.';

const dataSourceTypeField = z.enum(DATA_SOURCE_TYPE_VALUES, { error: typeError });

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
};

export const dataSourceCreateBody = z.object({ ...connection, type: dataSourceTypeField });

/** `type` may be echoed back; the use case refuses a different one (a type is fixed at creation). */
export const dataSourceUpdateBody = z.object({ ...connection, type: dataSourceTypeField.optional() });

export const dataSourceListQuery = z.object({ ...pageQueryShape(), name: z.string().max(190).optional() });

export const ruleDataSourceTypeParams = z.object({
  type: z.enum(RULE_DATA_SOURCE_TYPE_VALUES, { error: typeError }),
});

export const dataSourceViewSchema = z.object({
  id: z.string(),
  name: z.string(),
  type: z.enum(DATA_SOURCE_TYPE_VALUES),
  url: z.string(),
  username: z.string().nullable(),
  apiToken: z.string().describe('masked; empty when unset'),
  password: z.string().describe('masked; empty when unset'),
  isWebhook: z.boolean(),
  webhookToken: z.string().nullable(),
  webhookUrl: z.string().nullable().describe('where the monitoring system posts alerts; webhook types only'),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});

export const dataSourceTypeInfoSchema = z.object({
  type: z.enum(DATA_SOURCE_TYPE_VALUES),
  label: z.string(),
  isWebhook: z.boolean(),
});

export const dataSourceStatusSchema = z.object({ isConnected: z.boolean(), message: z.string() });

export const dataSourceOptionSchema = z.object({
  id: z.string(),
  name: z.string(),
  type: z.enum(DATA_SOURCE_TYPE_VALUES),
});
