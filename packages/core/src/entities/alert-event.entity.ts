import { defineEntity, p } from '@mikro-orm/core';
import { ALERT_EVENT_EPISODES_TRIGGER } from './alert-episode.entity';
import { ALERT_STATES, AlertRule } from './alert-rule.entity';
import { ALERT_EVENT_STATE_PERIODS_TRIGGER } from './alert-rule-state-period.entity';
import { liveTxidColumn } from './live-txid-column';
import { newId } from './new-id';

/** The reporting indexes, as `Migration20261127003000ReportingIndexes` creates them (the schema diff compares). */
const ALERT_EVENT_REPORTING_INDEXES = {
  episodeTime:
    'create index "alert_events_episode_time" on "alert_events" ("episode_id", "created_at") where "episode_id" is not null',
  actorTime:
    'create index "alert_events_actor_time" on "alert_events" ("actor_id", "created_at") where "actor_id" is not null',
} as const;

export const ALERT_EVENT_KINDS = [
  'fired',
  'refired',
  'status',
  'triggered',
  'resolved',
  'auto_resolved',
  'acknowledged',
  'test',
] as const;
export type AlertEventKind = (typeof ALERT_EVENT_KINDS)[number];

/**
 * The history of a rule: every state change and acknowledgement, append-only. `ruleState` is the
 * rule's state after the event, so the status timeline reads one row per change without replaying
 * instances. Notifications refer to an event by id (`notify:<eventId>:<endpointId>`).
 */
const AlertEventSchema = defineEntity({
  name: 'AlertEvent',
  tableName: 'alert_events',
  indexes: [
    { name: 'alert_events_rule_time', properties: ['rule', 'createdAt'] },
    { name: 'alert_events_txid', properties: ['txid', 'id'] },
    // An episode's events and a user's acknowledgements, newest first, per parent.
    { name: 'alert_events_episode_time', expression: ALERT_EVENT_REPORTING_INDEXES.episodeTime },
    { name: 'alert_events_actor_time', expression: ALERT_EVENT_REPORTING_INDEXES.actorTime },
  ],
  // Keeps `alert_rule_state_periods`, the status timeline's roll-up, in step with every insert.
  triggers: [
    {
      name: 'alert_events_state_periods',
      timing: 'after',
      events: ['insert'],
      forEach: 'statement',
      expression: ALERT_EVENT_STATE_PERIODS_TRIGGER,
    },
    // Keeps `alert_episodes`, the reports' one row per episode, in step with every insert.
    {
      name: 'alert_events_episodes',
      timing: 'after',
      events: ['insert'],
      forEach: 'statement',
      expression: ALERT_EVENT_EPISODES_TRIGGER,
    },
  ],
  properties: {
    id: p
      .uuid()
      .primary()
      .onCreate(() => newId()),
    rule: () => p.manyToOne(AlertRule).deleteRule('cascade'),
    /** Instance id, kept as text: the history outlives pruned instances. */
    instanceId: p.uuid().nullable(),
    episodeId: p.uuid().nullable(),
    kind: p.enum([...ALERT_EVENT_KINDS]),
    /** The instance's state after the event (null for rule-level events such as a test). */
    state: p.enum([...ALERT_STATES]).nullable(),
    ruleState: p.enum([...ALERT_STATES]),
    alertname: p.string().nullable(),
    instance: p.text().nullable(),
    description: p.text().nullable(),
    /** Who caused it, for acknowledgements and manual resolves; null for sources and timers. */
    actorId: p.uuid().nullable(),
    /**
     * The endpoint whose acknowledge link made an `acknowledged` event (its owner is the actor); kept
     * as an id without a foreign key, like `instanceId`: the history outlives deleted endpoints.
     */
    viaEndpointId: p.uuid().nullable(),
    payload: p.json<Record<string, unknown>>().nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
    /** The inserting transaction: the live feed's commit-order cursor (`live-events/live-cursor.ts`). */
    txid: liveTxidColumn(),
  },
});

export class AlertEvent extends AlertEventSchema.class {}
AlertEventSchema.setClass(AlertEvent);

export { AlertEventSchema };
