import type { MikroORM } from '@mikro-orm/core';
import type { Actor } from '../auth/actor';
import { type AlertRuleType, type AlertState, isId } from '../entities/index';
import { queryRows } from '../persistence/query-rows';
import { visibleRules } from '../rule-access/visible-rules';
import { NO_EVENTS, type SegmentEvent, segmentDetails } from './segment-events';
import { stateOfRank, stateRank } from './state-rank';
import { timelineGeometry } from './timeline-buckets';
import { type BucketWindow, statePeriodFor, worstByStatePeriods } from './worst-by-state-periods';

export interface TimelineQuery {
  alertRuleIds: string[];
  /** Unix seconds. */
  fromTime: number;
  /** Unix seconds, after fromTime. */
  toTime: number;
  bucketCount: number;
}

export interface TimelineSegment {
  status: AlertState;
  /** Unix seconds: `fromTime` inclusive, `toTime` exclusive, `bucketSeconds` apart. */
  fromTime: number;
  toTime: number;
  changesCount: number;
  events: SegmentEvent[];
}

/** One rule's timeline in the shape the legacy web UI and CLI read. */
export interface RuleTimeline {
  alertRuleId: string;
  name: string;
  type: AlertRuleType;
  bucketSeconds: number;
  segments: TimelineSegment[];
}

/**
 * One timeline per requested rule the caller may see (others are silently left out). Test
 * notifications are history, not state changes, so the timeline leaves them out. Segments are
 * `bucketSeconds` wide (`timelineGeometry`); a segment's status is the worst of the state in force at
 * its start and every state reached inside it, read from the state-change roll-up
 * (`worstByStatePeriods`): segments are never under 100 s, so the roll-up's minute periods always
 * fit. Its changes and events come from one more bounded read of the newest history
 * (`segmentDetails`). A few queries whatever the size.
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
  const rules = await queryRows<{
    id: string;
    name: string;
    type: AlertRuleType;
    initial: AlertState | null;
  }>(
    em,
    `select r.id, r.name, r.type,
            (select e.rule_state from alert_events e
              where e.rule_id = r.id and e.created_at < to_timestamp(?) and e.kind <> 'test'
              order by e.created_at desc, e.id desc limit 1) as initial
       from alert_rules r
      where r.id in (?) and ${visible.text}
      order by r.name`,
    [query.fromTime, ids, ...visible.params],
  );
  if (rules.length === 0) return [];
  const { bucketSeconds, count, end } = timelineGeometry(query.fromTime, query.toTime, query.bucketCount);
  const window: BucketWindow = { from: query.fromTime, to: end, count };
  const initial = rules.map((rule) => ({ id: rule.id, initial: rule.initial ?? 'unknown' }));
  const [ranks, details] = await Promise.all([
    worstByStatePeriods(
      em,
      initial.map((rule) => ({ id: rule.id, initial: stateRank(rule.initial) })),
      window,
      statePeriodFor(bucketSeconds),
    ),
    segmentDetails(em, initial, window),
  ]);
  return rules.map((rule) => {
    const worst = ranks.get(rule.id) ?? [];
    const detail = details.get(rule.id);
    return {
      alertRuleId: rule.id,
      name: rule.name,
      type: rule.type,
      bucketSeconds,
      segments: Array.from({ length: count }, (_, j) => {
        const itemized = detail?.get(j);
        return {
          status: stateOfRank(worst[j] ?? 0),
          fromTime: query.fromTime + j * bucketSeconds,
          toTime: query.fromTime + (j + 1) * bucketSeconds,
          changesCount: itemized?.changesCount ?? 0,
          events: itemized?.events ?? NO_EVENTS,
        };
      }),
    };
  });
}
