import { defineEntity, p } from '@mikro-orm/core';
import { ALERT_STATE_VALUES } from '@oncall/contracts';
import { AlertRuleDataSourceLink } from './alert-rule-data-source-link.entity';
import { AlertRuleEndpointLink } from './alert-rule-endpoint-link.entity';
import { AlertRuleShare } from './alert-rule-share.entity';
import { AlertRuleSilence } from './alert-rule-silence.entity';
import { AlertRuleTeamShare } from './alert-rule-team-share.entity';
import { ALERT_RULE_TOTAL_TRIGGERS } from './alert-rule-total.entity';
import { DataSource } from './data-source.entity';
import { Endpoint } from './endpoint.entity';
import { newId } from './new-id';
import { Team } from './team.entity';
import { User } from './user.entity';

/**
 * A rule type: the host's `api` or `notification`, or a source plugin's data-source type. Stored
 * as text and checked by the use cases against the rule-type catalog, so a plugin's type needs no
 * migration.
 */
export type AlertRuleType = string;

export const ALERT_STATES = ALERT_STATE_VALUES;
export type AlertState = (typeof ALERT_STATES)[number];

/**
 * Which alerts belong together, who may see them, and who is told. Type-specific fields (query,
 * filters, thresholds, auto-resolve) live in `settings`, validated per type at the edge. `state`
 * is the worst state of the rule's instances, kept here so lists filter on it with an index.
 * `api` and `notification` rules carry an ingestion token: a keyed hash for lookup and a sealed
 * copy shown to the rule's admins.
 */
const AlertRuleSchema = defineEntity({
  name: 'AlertRule',
  tableName: 'alert_rules',
  indexes: [
    { name: 'alert_rules_list_order', properties: ['pinned', 'createdAt', 'id'] },
    {
      name: 'alert_rules_tags_gin',
      expression: 'create index "alert_rules_tags_gin" on "alert_rules" using gin ("tags")',
    },
    // State first: status filters, alone or with types, are answered from the index alone.
    { name: 'alert_rules_state_type', properties: ['state', 'type'] },
    {
      // Trigram index (pg_trgm): the list's case-insensitive substring filter on the name.
      name: 'alert_rules_name_trgm',
      expression: 'create index "alert_rules_name_trgm" on "alert_rules" using gin ("name" gin_trgm_ops)',
    },
  ],
  // Keep `alert_rule_totals` exact; a truncate resets it (that trigger lives in the migration only,
  // as the schema diff does not see truncate triggers).
  triggers: [
    {
      name: 'alert_rules_total_insert',
      timing: 'after',
      events: ['insert'],
      forEach: 'statement',
      expression: ALERT_RULE_TOTAL_TRIGGERS.insert,
    },
    {
      name: 'alert_rules_total_delete',
      timing: 'after',
      events: ['delete'],
      forEach: 'statement',
      expression: ALERT_RULE_TOTAL_TRIGGERS.delete,
    },
  ],
  properties: {
    id: p
      .uuid()
      .primary()
      .onCreate(() => newId()),
    name: p.string().unique(),
    description: p.text().nullable(),
    type: p.text().index(),
    showAcknowledgeBtn: p.boolean().default(false),
    owner: () => p.manyToOne(User).deleteRule('restrict').index(),
    settings: p.json<Record<string, unknown>>(),
    tags: p.array().default([]),
    pinned: p.boolean().default(false),
    /**
     * Grouped notifications (docs/grouping.md): seconds during which a window gathers what follows
     * a message; null takes the instance default (`ALERT_GROUP_INTERVAL_SECONDS`), 0 pages every
     * instance on its own.
     */
    groupIntervalSeconds: p.integer().nullable(),
    /** Label names whose values split a rule's instances into groups; none is one group. */
    groupBy: p.array().default([]),
    /** Seconds after which an unacknowledged firing group is paged again; 0 never. */
    repeatIntervalSeconds: p.integer().default(0),
    state: p.enum([...ALERT_STATES]).default('unknown'),
    /** Whether the rule has behavior rules, kept by their use cases so ingestion can skip reading them. */
    hasBehaviorRules: p.boolean().default(false),
    tokenHash: p.string().nullable().unique(),
    sealedToken: p.text().nullable(),
    users: () =>
      p
        .manyToMany(User)
        .pivotEntity(() => AlertRuleShare)
        .owner(),
    teams: () =>
      p
        .manyToMany(Team)
        .pivotEntity(() => AlertRuleTeamShare)
        .owner(),
    endpoints: () =>
      p
        .manyToMany(Endpoint)
        .pivotEntity(() => AlertRuleEndpointLink)
        .owner(),
    dataSources: () =>
      p
        .manyToMany(DataSource)
        .pivotEntity(() => AlertRuleDataSourceLink)
        .owner(),
    /** Users who silenced the rule for themselves. */
    silencedBy: () =>
      p
        .manyToMany(User)
        .pivotEntity(() => AlertRuleSilence)
        .owner(),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p
      .datetime()
      .onCreate(() => new Date())
      .onUpdate(() => new Date()),
  },
});

export class AlertRule extends AlertRuleSchema.class {}
AlertRuleSchema.setClass(AlertRule);

export { AlertRuleSchema };
