import type { EntityManager, MikroORM } from '@mikro-orm/core';
import { visibleRules } from '../alert-rules/visible-rules';
import type { Actor } from '../auth/actor';
import { type AlertState, isId } from '../entities/index';
import { queryRows } from '../persistence/query-rows';
import { stateOfRank, stateRank, stateRankSql } from './state-rank';
import { type BucketActivity, bucketsOf, fillBuckets, type TimelineBucket } from './timeline-buckets';
import { type BucketWindow, statePeriodFor, worstByStatePeriods } from './worst-by-state-periods';

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

/**
 * One timeline per requested rule the caller may see (others are silently left out). Test
 * notifications are history, not state changes, so the timeline leaves them out. A few queries
 * whatever the size: the rules with the state in force at `fromTime` (one index probe per rule),
 * then the buckets: from the state-change roll-up (`worstByStatePeriods`) when buckets are at least
 * a minute wide, else from the history itself, which a window that short holds little of.
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
  const window: BucketWindow = { from: query.fromTime, to: query.toTime, count: query.bucketCount };
  const period = statePeriodFor((window.to - window.from) / window.count);
  if (period !== null) {
    const ranks = await worstByStatePeriods(
      em,
      rules.map((rule) => ({ id: rule.id, initial: stateRank(rule.initial ?? 'unknown') })),
      window,
      period,
    );
    return rules.map((rule) => ({
      alertRuleId: rule.id,
      name: rule.name,
      buckets: bucketsOf(
        window.from,
        window.to,
        (ranks.get(rule.id) ?? []).map((rank) => stateOfRank(rank)),
      ),
    }));
  }
  const activity = await activityFromHistory(em, rules, window);
  return rules.map((rule) => ({
    alertRuleId: rule.id,
    name: rule.name,
    buckets: fillBuckets(
      window.from,
      window.to,
      window.count,
      rule.initial ?? 'unknown',
      activity.get(rule.id) ?? new Map(),
    ),
  }));
}

/** Each rule's worst and last state per bucket that holds any event, grouped in the database. */
async function activityFromHistory(
  em: EntityManager,
  rules: ReadonlyArray<{ id: string }>,
  { from, to, count }: BucketWindow,
): Promise<Map<string, Map<number, BucketActivity>>> {
  const activity = await queryRows<{ rule_id: string; bucket: number; worst: number; last: AlertState }>(
    em,
    // Bucket arithmetic in float8, as `bucketIndex` does it in JS: the same edges, and cheaper per
    // row than the numeric `extract` returns.
    `select e.rule_id, floor((extract(epoch from e.created_at)::float8 - ?) * ? / ?)::int as bucket,
            max(${stateRankSql('e.rule_state')}) as worst,
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
    buckets.set(Number(row.bucket), { worst: stateOfRank(Number(row.worst)), last: row.last });
    byRule.set(row.rule_id, buckets);
  }
  return byRule;
}
