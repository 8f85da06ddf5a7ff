import { defineEntity, p } from '@mikro-orm/core';
import { ALERT_STATES, AlertRule } from './alert-rule.entity';
import { newId } from './new-id';
import { User } from './user.entity';

/**
 * One alert of a rule, as its source identifies it: API alerts by alertname + instance, webhook
 * alerts by the source's fingerprint. Repeated fires update the row instead of adding one; a fire
 * after a resolve opens a new episode (a new `episodeId`). The unique (rule, fingerprint) pair is
 * what makes concurrent fires of one instance serialise on one row.
 */
const AlertInstanceSchema = defineEntity({
  name: 'AlertInstance',
  tableName: 'alert_instances',
  uniques: [{ name: 'alert_instances_rule_fingerprint', properties: ['rule', 'fingerprint'] }],
  // Leads with the state: leading with the rule it could tie with the unique index on a generic plan
  // of a lookup by fingerprint, and win (Migration20261127020000InstanceStateIndexLeadsWithState).
  indexes: [{ name: 'alert_instances_state_rule', properties: ['state', 'rule'] }],
  properties: {
    id: p
      .uuid()
      .primary()
      .onCreate(() => newId()),
    rule: () => p.manyToOne(AlertRule).deleteRule('cascade'),
    fingerprint: p.string(),
    alertname: p.string().nullable(),
    instance: p.text(),
    state: p.enum([...ALERT_STATES]),
    description: p.text().nullable(),
    summary: p.text().nullable(),
    labels: p.json<Record<string, string>>().nullable(),
    details: p.json<Record<string, unknown>>().nullable(),
    /**
     * The current (or last) firing episode; a fire after resolve starts a new one. Indexed for the
     * retention job, which keeps the history an instance's episode still refers to.
     */
    episodeId: p.uuid().index(),
    firedAt: p.datetime(),
    lastSeenAt: p.datetime(),
    /**
     * When a firing instance resolves itself unless fired again: the `endsAt` of an alert posted as
     * Alertmanager's API takes it. Null for every other instance (they resolve when told, or after
     * their rule's `autoResolveMinutes`).
     */
    expiresAt: p.datetime().nullable(),
    resolvedAt: p.datetime().nullable(),
    acknowledgedAt: p.datetime().nullable(),
    acknowledgedBy: () => p.manyToOne(User).nullable().deleteRule('set null'),
  },
});

export class AlertInstance extends AlertInstanceSchema.class {}
AlertInstanceSchema.setClass(AlertInstance);

export { AlertInstanceSchema };
