import type { AlertState } from '../entities/index';
import { stateRank } from './state-rank';

/** What happened inside one bucket: its worst rule state and the state in force when it ended. */
export interface BucketActivity {
  worst: AlertState;
  last: AlertState;
}

export interface TimelineBucket {
  /** Unix seconds, inclusive. */
  from: number;
  /** Unix seconds, exclusive. */
  to: number;
  status: AlertState;
}

/**
 * Fills `count` equal-width buckets over [from, to). A bucket's status is the worst of the state in
 * force at its start and every state reached inside it (critical > warning > triggered > resolved >
 * unknown), so a short outage inside a bucket still shows.
 *
 * @example
 * fillBuckets(0, 100, 2, 'resolved', new Map([[0, { worst: 'critical', last: 'resolved' }]]));
 * // [{ from: 0, to: 50, status: 'critical' }, { from: 50, to: 100, status: 'resolved' }]
 */
export function fillBuckets(
  from: number,
  to: number,
  count: number,
  initial: AlertState,
  activity: ReadonlyMap<number, BucketActivity>,
): TimelineBucket[] {
  const statuses: AlertState[] = [];
  let inForce = initial;
  for (let i = 0; i < count; i++) {
    const seen = activity.get(i);
    statuses.push(seen && stateRank(seen.worst) > stateRank(inForce) ? seen.worst : inForce);
    if (seen) inForce = seen.last;
  }
  return bucketsOf(from, to, statuses);
}

/** `statuses.length` equal-width buckets over [from, to), the i-th with `statuses[i]`. */
export function bucketsOf(from: number, to: number, statuses: readonly AlertState[]): TimelineBucket[] {
  const count = statuses.length;
  const width = (to - from) / count;
  return statuses.map((status, i) => ({
    from: edge(from, width, i),
    to: i === count - 1 ? to : edge(from, width, i + 1),
    status,
  }));
}

function edge(from: number, width: number, index: number): number {
  return Math.round((from + width * index) * 1000) / 1000;
}

/** The bucket an instant falls in, matching the SQL that groups events (`floor((t - from) / width)`). */
export function bucketIndex(from: number, to: number, count: number, at: number): number {
  return Math.floor(((at - from) * count) / (to - from));
}
