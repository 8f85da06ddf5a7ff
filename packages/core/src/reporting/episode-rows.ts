import type { Actor } from '../auth/actor';
import { type SqlFragment, sql } from '../persistence/sql-fragment';
import { type ReportFilter, reportedRules, withinRange } from './report-filter';

/**
 * Episodes as rows read from the history: one instance's life from its `fired` event to its
 * first `resolved` or `auto_resolved`, acknowledged at its first `acknowledged` event. The history
 * is read from `from` on with no upper bound, so an episode fired in the range keeps an
 * acknowledgement or resolution that came after `to`; one fired before `from` is left out.
 * Columns: id, "ruleId", "instanceId", alertname, instance, "firedAt", "acknowledgedAt",
 * "resolvedAt"; `"firedAt"` is never null.
 */
export function episodeRows(actor: Actor, filter: ReportFilter, extra: SqlFragment = sql`true`): SqlFragment {
  return sql`select g.* from (
      select e.episode_id as id, e.rule_id as "ruleId",
             (array_agg(e.instance_id) filter (where e.instance_id is not null))[1] as "instanceId",
             (array_agg(e.alertname order by e.created_at, e.id))[1] as alertname,
             (array_agg(e.instance order by e.created_at, e.id))[1] as instance,
             min(e.created_at) filter (where e.kind = 'fired') as "firedAt",
             min(e.created_at) filter (where e.kind = 'acknowledged') as "acknowledgedAt",
             min(e.created_at) filter (where e.kind in ('resolved', 'auto_resolved')) as "resolvedAt"
        from alert_events e join alert_rules r on r.id = e.rule_id
       where e.episode_id is not null and ${reportedRules(actor, filter)}
         and ${withinRange(sql`e.created_at`, { from: filter.from })} and ${extra}
       group by e.episode_id, e.rule_id) as g
    where g."firedAt" is not null and ${withinRange(sql`g."firedAt"`, filter)}`;
}

/**
 * Only what the response-time report needs: the four marks of each episode, from the partial
 * covering index `alert_events_episode_marks` (no payloads, no names).
 */
export function episodeMarks(actor: Actor, filter: ReportFilter): SqlFragment {
  return sql`select g.* from (
      select e.episode_id as id, e.rule_id as "ruleId",
             min(e.created_at) filter (where e.kind = 'fired') as "firedAt",
             min(e.created_at) filter (where e.kind = 'acknowledged') as "acknowledgedAt",
             min(e.created_at) filter (where e.kind in ('resolved', 'auto_resolved')) as "resolvedAt"
        from alert_events e join alert_rules r on r.id = e.rule_id
       where e.episode_id is not null and e.kind in ('fired', 'acknowledged', 'resolved', 'auto_resolved')
         and ${reportedRules(actor, filter)} and ${withinRange(sql`e.created_at`, { from: filter.from })}
       group by e.episode_id, e.rule_id) as g
    where g."firedAt" is not null and ${withinRange(sql`g."firedAt"`, filter)}`;
}
