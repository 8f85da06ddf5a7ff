import type { EntityManager } from '@mikro-orm/core';
import { STATE_PERIOD_SECONDS } from '../entities/index';
import { queryRows } from '../persistence/query-rows';
import { stateRankSql } from './state-rank';

/** Ranks as `alert_rule_state_periods` stores them: unknown 0, resolved 1, triggered 2, warning 3, critical 4. */
export type StateRank = number;

export interface BucketWindow {
  /** Unix seconds. */
  from: number;
  /** Unix seconds, after `from`. */
  to: number;
  count: number;
}

/**
 * The roll-up level for buckets of `widthSeconds`: the longest period no longer than a bucket, so
 * the changes in one period fall in at most two neighbouring buckets. Timeline segments are never
 * shorter than the shortest period (a minute), which is the level for anything under two periods.
 */
export function statePeriodFor(widthSeconds: number): number {
  let chosen: number = STATE_PERIOD_SECONDS[0];
  for (const seconds of STATE_PERIOD_SECONDS) if (seconds <= widthSeconds) chosen = seconds;
  return chosen;
}

/** The bucket an instant falls in, as `bucketIndex` computes it. */
const BUCKET_SQL = (seconds: string) => `floor((${seconds} - q.f) * q.n / q.span)::int`;
// date_part, not extract: float8 arithmetic, where extract computes in numeric, several times slower.
const bucketOf = (column: string) => BUCKET_SQL(`date_part('epoch', ${column})`);

/** The worst rank among a period's changes that fall in `bucket` or before (`<=`) or in it or after (`>=`). */
const worstSide = (kind: 'first' | 'last', op: '<=' | '>=', bucket: string) =>
  `greatest(${[4, 3, 2, 1].map((k) => `case when ${bucketOf(`p.${kind}_ge${k}`)} ${op} ${bucket} then ${k} end`).join(', ')}, 0)`;

/**
 * How the query lays out one period's changes as they fall in buckets, six numbers a period in one
 * flat array per rule: the buckets of its first and last change, its worst change in the first and
 * (when it reaches into it) the last, its last change's rank, and its start (unix seconds), which
 * orders periods. Read in place: 10,000 buckets' worth of small arrays cost more than the walk.
 */
const SIDE = { bf: 0, bl: 1, beforeWorst: 2, afterWorst: 3, lastRank: 4, start: 5, size: 6 } as const;

/**
 * The worst rank of each bucket for each rule, read from `alert_rule_state_periods` at `period`
 * seconds; `initial` is each rule's rank in force at `from`. A bucket's worst is that of the changes
 * inside it and of the rank in force at its start, the last change before it. A period's changes
 * fall in one bucket (bf = bl) or two neighbouring ones: the first and last change of each rank
 * split its worst either side of the edge between them, and its last change is the rank in force
 * once its last bucket is past. Only where a period straddles a bucket's start, and its changes
 * before that start could be worse than anything inside the bucket, is the rank at that start not
 * known from the roll-up: those are read from the history, one index probe each, in one statement.
 */
export async function worstByStatePeriods(
  em: EntityManager,
  rules: ReadonlyArray<{ id: string; initial: StateRank }>,
  window: BucketWindow,
  period: number,
): Promise<Map<string, StateRank[]>> {
  const { from, to, count } = window;
  // Per rule one flat JSON array of small numbers, parsed natively: ~10,000 rows of columns would
  // cost the driver more than the query. One index range per rule, no sort.
  const rows = await queryRows<{ rule_id: string; sides: string | null }>(
    em,
    `with q as (select ?::float8 as f, ?::int as n, ?::float8 as span)
     select r.rule_id, s.sides
       from unnest(array[?]::uuid[]) as r(rule_id)
      cross join q
      cross join lateral (
        select '[' || string_agg(concat_ws(',', p.bf, p.bl,
                 case when p.bl = p.bf then p.max_rank else ${worstSide('first', '<=', 'p.bf')} end,
                 case when p.bl > p.bf then ${worstSide('last', '>=', 'p.bl')} else 0 end,
                 p.last_key & 7, date_part('epoch', p.period_start)::bigint), ',') || ']' as sides
          from (select p.*, ${bucketOf('p.first_at')} as bf,
                       ${BUCKET_SQL('(p.last_key >> 3)::float8 / 1000000')} as bl
                  from alert_rule_state_periods p
                 where p.rule_id = r.rule_id and p.period_seconds = ?
                   and p.period_start >= to_timestamp(?) and p.period_start < to_timestamp(?)) as p) as s`,
    [from, count, to - from, rules.map((r) => r.id), period, from - period, to],
  );
  const sidesByRule = new Map(rows.map((row) => [row.rule_id, row.sides]));
  const walks = rules.map((rule) => walkBuckets(rule, flatSidesOf(sidesByRule.get(rule.id)), count));
  await settleUnknownStarts(em, walks, window);
  return new Map(walks.map((walk) => [walk.ruleId, walk.worst]));
}

function flatSidesOf(flat: string | null | undefined): readonly number[] {
  return flat ? (JSON.parse(flat) as number[]) : [];
}

interface BucketWalk {
  ruleId: string;
  /** Per bucket, the worst known so far: of the changes inside and, where known, the rank at its start. */
  worst: StateRank[];
  /** Buckets whose rank at their start must be read from the history. */
  unknownStarts: number[];
}

const NONE = -1;

function walkBuckets(
  rule: { id: string; initial: StateRank },
  sides: readonly number[],
  count: number,
): BucketWalk {
  // Per bucket, indexed by bucket (the settled arrays have one slot more, for periods whose last
  // change is in the last bucket): the worst change inside; the worst change before the start of a period straddling the bucket's
  // start; and the latest period whose changes all fall before it, by start, with its last rank. A
  // later period's changes are later, so the one settled at the greatest bucket up to j holds the
  // rank in force at j.
  const inside = new Int8Array(count).fill(NONE);
  const straddledWorst = new Int8Array(count + 1).fill(NONE);
  const settledStart = new Float64Array(count + 1).fill(Number.NEGATIVE_INFINITY);
  const settledRank = new Int8Array(count + 1).fill(NONE);
  const within = (j: number) => j >= 0 && j < count;
  for (let i = 0; i + SIDE.size <= sides.length; i += SIDE.size) {
    const bf = sides[i + SIDE.bf] ?? 0;
    const bl = sides[i + SIDE.bl] ?? 0;
    const beforeWorst = sides[i + SIDE.beforeWorst] ?? 0;
    const start = sides[i + SIDE.start] ?? 0;
    if (within(bf)) inside[bf] = Math.max(inside[bf] ?? NONE, beforeWorst);
    if (bl > bf && within(bl)) {
      inside[bl] = Math.max(inside[bl] ?? NONE, sides[i + SIDE.afterWorst] ?? 0);
      straddledWorst[bl] = beforeWorst;
    }
    // Periods whose last change is before the window (bl < 0) hold the rank at its start, which
    // the caller already knows; those after it change nothing inside.
    const settledAt = bl + 1;
    if (settledAt > 0 && settledAt <= count && (settledStart[settledAt] ?? 0) < start) {
      settledStart[settledAt] = start;
      settledRank[settledAt] = sides[i + SIDE.lastRank] ?? 0;
    }
  }
  const worst: StateRank[] = new Array(count);
  const unknownStarts: number[] = [];
  let inForce = rule.initial;
  for (let j = 0; j < count; j++) {
    const settledHere = settledRank[j] ?? NONE;
    if (settledHere !== NONE) inForce = settledHere;
    const straddled = straddledWorst[j] ?? NONE;
    const changes = inside[j] ?? NONE;
    if (j === 0) {
      // The history's own answer for the window's start.
      worst[j] = Math.max(changes, rule.initial);
    } else if (straddled === NONE) {
      worst[j] = Math.max(changes, inForce);
    } else {
      // The rank at this start is one of the straddling period's earlier changes: it matters only
      // if it could be worse than the changes inside.
      worst[j] = changes;
      if (straddled > changes) unknownStarts.push(j);
    }
  }
  return { ruleId: rule.id, worst, unknownStarts };
}

/**
 * Reads the rank in force at each bucket start a walk could not settle, by index probes into the
 * history, and takes it into that bucket's worst. Probes go as two integer arrays (the walk's
 * ordinal among the rule ids sent once, and the bucket): a day's window can need thousands, and
 * their ids and edges spelled out would make the statement text ten times longer.
 */
async function settleUnknownStarts(
  em: EntityManager,
  walks: readonly BucketWalk[],
  { from, to, count }: BucketWindow,
): Promise<void> {
  const ordinals: number[] = [];
  const buckets: number[] = [];
  walks.forEach((walk, w) => {
    for (const j of walk.unknownStarts) {
      ordinals.push(w + 1);
      buckets.push(j);
    }
  });
  if (ordinals.length === 0) return;
  const rows = await queryRows<{ w: number; j: number; rank: number }>(
    em,
    // The edge as the buckets' SQL computes it: from + j × span / count, in float8.
    `with q as (select ?::float8 as f, ?::float8 as span, ?::int as n, array[?]::uuid[] as rules)
     select s.w, s.j, coalesce((
              select ${stateRankSql('e.rule_state')} from alert_events e
               where e.rule_id = q.rules[s.w] and e.kind <> 'test'
                 and e.created_at < to_timestamp(q.f + s.j * q.span / q.n)
               order by e.created_at desc, e.id desc limit 1), 0) as rank
       from q cross join unnest(array[?]::int[], array[?]::int[]) as s(w, j)`,
    [from, to - from, count, walks.map((walk) => walk.ruleId), ordinals, buckets],
  );
  for (const row of rows) {
    const walk = walks[Number(row.w) - 1];
    const j = Number(row.j);
    if (walk) walk.worst[j] = Math.max(walk.worst[j] ?? NONE, Number(row.rank));
  }
}
