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
 * the changes in one period fall in at most two neighbouring buckets. Null below the shortest one.
 */
export function statePeriodFor(widthSeconds: number): number | null {
  let chosen: number | null = null;
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
 * One period's changes as they fall in buckets: the buckets of its first and last change, its worst
 * change in the first and (when it reaches into it) the last, its last change's rank, and its start
 * (unix seconds), which orders periods.
 */
type PeriodSides = [
  bf: number,
  bl: number,
  beforeWorst: number,
  afterWorst: number,
  lastRank: number,
  start: number,
];

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
  const sidesByRule = new Map(rows.map((row) => [row.rule_id, periodSidesOf(row.sides)]));
  const walks = rules.map((rule) => walkBuckets(rule, sidesByRule.get(rule.id) ?? [], count));
  const probes = walks.flatMap((walk) => walk.unknownStarts.map((j) => ({ ruleId: walk.ruleId, j })));
  const atStarts = await ranksBefore(em, probes, window);
  return new Map(
    walks.map((walk) => [
      walk.ruleId,
      walk.worst.map((worst, j) => Math.max(worst, atStarts.get(`${walk.ruleId}:${j}`) ?? -1)),
    ]),
  );
}

/** The flat array the query builds, six numbers a period. */
function periodSidesOf(flat: string | null): PeriodSides[] {
  const numbers = flat ? (JSON.parse(flat) as number[]) : [];
  const sides: PeriodSides[] = [];
  for (let i = 0; i + 5 < numbers.length; i += 6) {
    const [bf = 0, bl = 0, beforeWorst = 0, afterWorst = 0, lastRank = 0, start = 0] = numbers.slice(
      i,
      i + 6,
    );
    sides.push([bf, bl, beforeWorst, afterWorst, lastRank, start]);
  }
  return sides;
}

interface BucketWalk {
  ruleId: string;
  /** Per bucket, the worst known so far: of the changes inside and, where known, the rank at its start. */
  worst: StateRank[];
  /** Buckets whose rank at their start must be read from the history. */
  unknownStarts: number[];
}

function walkBuckets(
  rule: { id: string; initial: StateRank },
  sides: readonly PeriodSides[],
  count: number,
): BucketWalk {
  const inside: StateRank[] = Array(count).fill(-1);
  const straddledWorst = new Map<number, StateRank>();
  // Per bucket, the latest period whose changes all fall before it. A later period's changes are
  // later, so the one settled at the greatest bucket up to j holds the rank in force at j.
  const settled = new Map<number, { start: number; rank: StateRank }>();
  const within = (j: number) => j >= 0 && j < count;
  for (const [bf, bl, beforeWorst, afterWorst, lastRank, start] of sides) {
    if (within(bf)) inside[bf] = Math.max(inside[bf] ?? -1, beforeWorst);
    if (bl > bf && within(bl)) {
      inside[bl] = Math.max(inside[bl] ?? -1, afterWorst);
      straddledWorst.set(bl, beforeWorst);
    }
    const before = settled.get(bl + 1);
    if (!before || before.start < start) settled.set(bl + 1, { start, rank: lastRank });
  }
  const worst: StateRank[] = [];
  const unknownStarts: number[] = [];
  let inForce = rule.initial;
  for (let j = 0; j < count; j++) {
    const settledHere = settled.get(j);
    if (settledHere) inForce = settledHere.rank;
    const straddled = straddledWorst.get(j);
    const changes = inside[j] ?? -1;
    if (j === 0) {
      // The history's own answer for the window's start.
      worst.push(Math.max(changes, rule.initial));
    } else if (straddled === undefined) {
      worst.push(Math.max(changes, inForce));
    } else {
      // The rank at this start is one of the straddling period's earlier changes: it matters only
      // if it could be worse than the changes inside.
      worst.push(changes);
      if (straddled > changes) unknownStarts.push(j);
    }
  }
  return { ruleId: rule.id, worst, unknownStarts };
}

/** The rank in force at each bucket start asked for, by index probes into the history. */
async function ranksBefore(
  em: EntityManager,
  probes: ReadonlyArray<{ ruleId: string; j: number }>,
  { from, to, count }: BucketWindow,
): Promise<Map<string, StateRank>> {
  if (probes.length === 0) return new Map();
  const rows = await queryRows<{ rule_id: string; j: number; rank: number }>(
    em,
    `select s.rule_id, s.j, coalesce((
              select ${stateRankSql('e.rule_state')} from alert_events e
               where e.rule_id = s.rule_id and e.kind <> 'test' and e.created_at < to_timestamp(s.edge)
               order by e.created_at desc, e.id desc limit 1), 0) as rank
       from unnest(array[?]::uuid[], array[?]::int[], array[?]::float8[]) as s(rule_id, j, edge)`,
    [
      probes.map((p) => p.ruleId),
      probes.map((p) => p.j),
      // As the buckets' SQL computes their edges: from + j × span / count.
      probes.map((p) => from + (p.j * (to - from)) / count),
    ],
  );
  return new Map(rows.map((row) => [`${row.rule_id}:${row.j}`, Number(row.rank)]));
}
