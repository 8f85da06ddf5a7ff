import type { Actor } from '../auth/actor';
import { type SqlFragment, sql } from '../persistence/sql-fragment';
import { type ReportFilter, reportedRules, withinRange } from './report-filter';

/**
 * Episodes fired in the range on the reported rules, from `alert_episodes` (kept by a trigger on
 * the history): one instance's life from its `fired` event to its first `resolved` or
 * `auto_resolved`, acknowledged at its first acknowledgement, however late, so an episode fired in
 * the range keeps an acknowledgement or resolution that came after `to`. `extra` is a condition on
 * `ep`. Columns: id, "ruleId", "instanceId", alertname, instance, "firedAt", "acknowledgedAt",
 * "resolvedAt"; `"firedAt"` is never null.
 */
export function episodeRows(actor: Actor, filter: ReportFilter, extra: SqlFragment = sql`true`): SqlFragment {
  return sql`select ep.episode_id as id, ep.rule_id as "ruleId", ep.instance_id as "instanceId", ep.alertname,
         ep.instance, ep.fired_at as "firedAt", ep.acknowledged_at as "acknowledgedAt", ep.resolved_at as "resolvedAt"
    from alert_episodes ep join alert_rules r on r.id = ep.rule_id
   where ${reportedRules(actor, filter)} and ${withinRange(sql`ep.fired_at`, filter)} and ${extra}`;
}

/** Only what the response-time report needs: each episode's rule and three marks. */
export function episodeMarks(actor: Actor, filter: ReportFilter): SqlFragment {
  return sql`select ep.rule_id as "ruleId", ep.fired_at as "firedAt", ep.acknowledged_at as "acknowledgedAt",
         ep.resolved_at as "resolvedAt"
    from alert_episodes ep join alert_rules r on r.id = ep.rule_id
   where ${reportedRules(actor, filter)} and ${withinRange(sql`ep.fired_at`, filter)}`;
}
