import { defineEntity, p } from '@mikro-orm/core';

/**
 * The schedule of what the service asks of data sources itself (`scheduled-checks/`): a row per
 * evaluated rule (`kind` rule) and per polled data source (`kind` poll), claimed when due with
 * `for update skip locked` and leased while it runs. Read and written by plain statements
 * (`scheduled-check-store.ts`); declared here so the schema has one source of truth.
 */
const ScheduledCheckSchema = defineEntity({
  name: 'ScheduledCheck',
  tableName: 'scheduled_checks',
  indexes: [{ name: 'scheduled_checks_due_index', properties: ['nextRunAt'] }],
  properties: {
    kind: p.text().primary(),
    subjectId: p.uuid().primary(),
    intervalMs: p.integer(),
    nextRunAt: p.datetime(),
    leaseUntil: p.datetime().nullable(),
    lastScheduledAt: p.datetime().nullable(),
    lastStartedAt: p.datetime().nullable(),
    lastFinishedAt: p.datetime().nullable(),
    lastStatus: p.text().nullable(),
    lastError: p.text().nullable(),
    lastDocument: p.json<Record<string, unknown>>().nullable(),
    failures: p.integer().default(0),
    memory: p.json<Record<string, unknown>>().defaultRaw(`'{}'`),
  },
});

export class ScheduledCheck extends ScheduledCheckSchema.class {}
ScheduledCheckSchema.setClass(ScheduledCheck);
