import { defineEntity, p } from '@mikro-orm/core';
import { AlertRule } from '@oncall/core/persistence';

/** What a heartbeat is: never pinged, on time, overdue within its grace, fired, or paused by hand. */
export const HEARTBEAT_STATES = ['new', 'up', 'late', 'down', 'paused'] as const;
export type HeartbeatState = (typeof HEARTBEAT_STATES)[number];

/**
 * One watched job of a heartbeat rule: the rule's own (`instance` empty) or one per instance key
 * (`?instance=host-1`), created by its first ping. `dueAt` is when the monitor must look at it next
 * (its `lateAt`, then its `downAt`); rows are claimed when due with `for update skip locked`, so
 * replicas split the work and a restart loses nothing. Read and written by plain statements.
 */
const HeartbeatSchema = defineEntity({
  name: 'Heartbeat',
  tableName: 'heartbeats',
  uniques: [{ name: 'heartbeats_rule_instance', properties: ['rule', 'instance'] }],
  indexes: [{ name: 'heartbeats_due_at', properties: ['dueAt'] }],
  properties: {
    id: p.uuid().primary(),
    rule: () => p.manyToOne(AlertRule).deleteRule('cascade'),
    instance: p.text(),
    state: p.text(),
    dueAt: p.datetime().nullable(),
    lateAt: p.datetime().nullable(),
    downAt: p.datetime().nullable(),
    lastPingAt: p.datetime().nullable(),
    lastPingKind: p.text().nullable(),
    lastExitStatus: p.integer().nullable(),
    lastRunId: p.text().nullable(),
    lastBody: p.text().nullable(),
    lastStartedAt: p.datetime().nullable(),
    pings: p.integer().default(0),
    createdAt: p.datetime(),
    updatedAt: p.datetime(),
  },
});

export class Heartbeat extends HeartbeatSchema.class {}
HeartbeatSchema.setClass(Heartbeat);

/** The entities this module adds to the ORM's explicit list. */
export const heartbeatEntities = [Heartbeat];
