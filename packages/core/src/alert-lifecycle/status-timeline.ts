import type { MikroORM } from '@mikro-orm/core';
import { visibleRules } from '../alert-rules/visible-rules';
import type { Actor } from '../auth/actor';
import { type AlertState, isId } from '../entities/index';
import { queryRows } from '../persistence/query-rows';
import { type BucketActivity, fillBuckets, type TimelineBucket } from './timeline-buckets';

export interface TimelineQuery {
  alertRuleIds: string[];
  /** Unix seconds. */
  fromTime: number;
  /** Unix seconds, after fromTime. */
  toTime: number;
  bucketCount: number;
}

export interface RuleTimeline {
  alertRuleId: string;
  name: string;
  buckets: TimelineBucket[];
}

const RANKED_STATES: AlertState[] = ['unknown', 'resolved', 'triggered', 'warning', 'critical'];
const RANK_SQL = `max(case e.rule_state when 'critical' then 4 when 'warning' then 3 when 'triggered' then 2
                                    when 'resolved' then 1 else 0 end)`;

/**
 * One timeline per requested rule the caller may see (others are silently left out). Test
 * notifications are history, not state changes, so the timeline leaves them out. Three queries
 * whatever the size: the rules, the state in force at `fromTime` (one index probe per rule), and
 * the per-bucket worst and last states grouped in the database.
 */
export async function statusTimeline(
  orm: MikroORM,
  actor: Actor,
  query: TimelineQuery,
): Promise<RuleTimeline[]> {
  const ids = [...new Set(query.alertRuleIds)].filter(isId);
  if (ids.length === 0) return [];
  const em = orm.em.fork();
  const visible = visibleRules(actor);
  const rules = await queryRows<{ id: string; name: string; initial: AlertState | null }>(
    em,
    `select r.id, r.name,
            (select e.rule_state from alert_events e
              where e.rule_id = r.id and e.created_at < to_timestamp(?) and e.kind <> 'test'
              order by e.created_at desc, e.id desc limit 1) as initial
       from alert_rules r
      where r.id in (?) and ${visible.text}
      order by r.name`,
    [query.fromTime, ids, ...visible.params],
  );
  if (rules.length === 0) return [];
  const { fromTime: from, toTime: to, bucketCount: count } = query;
  const activity = await queryRows<{ rule_id: string; bucket: number; worst: number; last: AlertState }>(
    em,
    // Bucket arithmetic in float8, as `bucketIndex` does it in JS: the same edges, and cheaper per
    // row than the numeric `extract` returns.
    `select e.rule_id, floor((extract(epoch from e.created_at)::float8 - ?) * ? / ?)::int as bucket,
            ${RANK_SQL} as worst,
            (array_agg(e.rule_state order by e.created_at desc, e.id desc))[1] as last
       from alert_events e
      where e.rule_id in (?) and e.created_at >= to_timestamp(?) and e.created_at < to_timestamp(?)
        and e.kind <> 'test'
      group by 1, 2`,
    [from, count, to - from, rules.map((r) => r.id), from, to],
  );
  const byRule = new Map<string, Map<number, BucketActivity>>();
  for (const row of activity) {
    const buckets = byRule.get(row.rule_id) ?? new Map<number, BucketActivity>();
    buckets.set(Number(row.bucket), { worst: RANKED_STATES[Number(row.worst)] ?? 'unknown', last: row.last });
    byRule.set(row.rule_id, buckets);
  }
  return rules.map((rule) => ({
    alertRuleId: rule.id,
    name: rule.name,
    buckets: fillBuckets(from, to, count, rule.initial ?? 'unknown', byRule.get(rule.id) ?? new Map()),
  }));
}
