import type { EntityManager } from '@mikro-orm/core';
import type { AlertState } from '../entities/index';
import { queryRows } from '../persistence/query-rows';
import { bucketIndex } from './timeline-buckets';
import type { BucketWindow } from './worst-by-state-periods';

/**
 * History events a timeline itemizes, shared among its rules: each rule gets its newest
 * `max(MIN_EVENTS_PER_RULE, TIMELINE_EVENT_BUDGET / rules)` events of the window. One rule's
 * timeline shows 2,000 of them; a dashboard of 100 rules 20 each; either way one bounded read.
 */
export const TIMELINE_EVENT_BUDGET = 2_000;
export const MIN_EVENTS_PER_RULE = 10;
/** Runs a segment lists, the newest ones: a tooltip's worth. */
export const MAX_SEGMENT_EVENTS = 10;
/** Characters of a summary: a run's last description (else its alert name and instance), cut. */
export const SUMMARY_LENGTH = 200;

/** Consecutive history events of one status inside a segment. */
export interface SegmentEvent {
  status: AlertState;
  /** Unix seconds of the run's first and last event. */
  fromTime: number;
  toTime: number;
  count: number;
  summary: string | null;
}

/** What a segment without itemized events answers: one shared list, frozen so no one fills it. */
export const NO_EVENTS: SegmentEvent[] = [];
Object.freeze(NO_EVENTS);

export interface SegmentDetail {
  /** Itemized events whose status differs from the event before them (or from the state in force). */
  changesCount: number;
  events: SegmentEvent[];
}

/** One itemized event as the query lays it out: unix seconds, rule status, summary. */
type EventRow = [number, AlertState, string | null];

/**
 * Each rule's itemized events grouped by segment: one statement, one backward index range on
 * `alert_events (rule_id, created_at)` per rule, cut at the rule's share of the budget, so the read
 * is bounded whatever the history holds. Only segments holding itemized events get a detail (most
 * of a dashboard's 10,000 segments hold none, and an object each would double the answer's
 * allocations); the others, like those older than a rule's oldest itemized event, answer no events
 * and no changes, and their status comes from the roll-up like every other's.
 */
export async function segmentDetails(
  em: EntityManager,
  rules: ReadonlyArray<{ id: string; initial: AlertState }>,
  window: BucketWindow,
): Promise<Map<string, Map<number, SegmentDetail>>> {
  const perRule = Math.max(MIN_EVENTS_PER_RULE, Math.floor(TIMELINE_EVENT_BUDGET / rules.length));
  const rows = await queryRows<{ rule_id: string; events: string | null }>(
    em,
    `select r.rule_id, s.events
       from unnest(array[?]::uuid[]) as r(rule_id)
      cross join lateral (
        select json_agg(json_build_array(x.at, x.rule_state, x.summary) order by x.created_at, x.id)::text as events
          from (select e.id, e.created_at, e.rule_state, floor(date_part('epoch', e.created_at))::bigint as at,
                       left(coalesce(nullif(e.description, ''), nullif(concat_ws(' ', e.alertname, e.instance), '')), ?)
                         as summary
                  from alert_events e
                 where e.rule_id = r.rule_id and e.kind <> 'test'
                   and e.created_at >= to_timestamp(?) and e.created_at < to_timestamp(?)
                 order by e.created_at desc, e.id desc limit ?) as x) as s`,
    [rules.map((r) => r.id), SUMMARY_LENGTH, window.from, window.to, perRule],
  );
  const eventsByRule = new Map(rows.map((row) => [row.rule_id, row.events]));
  return new Map(
    rules.map((rule) => {
      const events: EventRow[] = JSON.parse(eventsByRule.get(rule.id) ?? '[]');
      // Fewer than asked for means the window's whole history: its first event follows the state in
      // force at the window's start. Otherwise the one before the first read is not known.
      const before = events.length < perRule ? rule.initial : undefined;
      return [rule.id, groupBySegment(events, before, window)];
    }),
  );
}

function groupBySegment(
  events: readonly EventRow[],
  before: AlertState | undefined,
  window: BucketWindow,
): Map<number, SegmentDetail> {
  const segments = new Map<number, SegmentDetail>();
  let previous = before;
  let previousSegment = -1;
  for (const [at, status, summary] of events) {
    const j = bucketIndex(window.from, window.to, window.count, at);
    if (j < 0 || j >= window.count) continue;
    let segment = segments.get(j);
    if (!segment) {
      segment = { changesCount: 0, events: [] };
      segments.set(j, segment);
    }
    if (previous !== undefined && status !== previous) segment.changesCount++;
    const run = segment.events.at(-1);
    if (run && j === previousSegment && run.status === status) {
      run.toTime = at;
      run.count++;
      run.summary = summary;
    } else {
      segment.events.push({ status, fromTime: at, toTime: at, count: 1, summary });
    }
    previous = status;
    previousSegment = j;
  }
  for (const segment of segments.values()) {
    if (segment.events.length > MAX_SEGMENT_EVENTS)
      segment.events = segment.events.slice(-MAX_SEGMENT_EVENTS);
  }
  return segments;
}
