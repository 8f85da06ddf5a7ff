import { describe, expect, it } from 'vitest';
import { bucketIndex, fillBuckets } from '../src/alert-lifecycle/timeline-buckets';

describe('fillBuckets', () => {
  it('shows unknown throughout for a rule with no history', () => {
    expect(fillBuckets(1000, 1400, 4, 'unknown', new Map())).toEqual([
      { from: 1000, to: 1100, status: 'unknown' },
      { from: 1100, to: 1200, status: 'unknown' },
      { from: 1200, to: 1300, status: 'unknown' },
      { from: 1300, to: 1400, status: 'unknown' },
    ]);
  });

  it('carries the state in force at a bucket start into buckets without events', () => {
    // Fired before the window, resolved in bucket 2.
    const activity = new Map([[2, { worst: 'resolved' as const, last: 'resolved' as const }]]);
    expect(fillBuckets(0, 400, 4, 'critical', activity).map((b) => b.status)).toEqual([
      'critical',
      'critical',
      'critical', // critical was in force when bucket 2 began
      'resolved',
    ]);
  });

  it('shows a short outage inside one bucket as that bucket being critical', () => {
    const activity = new Map([[1, { worst: 'critical' as const, last: 'resolved' as const }]]);
    expect(fillBuckets(0, 300, 3, 'resolved', activity).map((b) => b.status)).toEqual([
      'resolved',
      'critical',
      'resolved',
    ]);
  });

  it('orders critical > warning > triggered > resolved > unknown', () => {
    const activity = new Map([
      [0, { worst: 'warning' as const, last: 'warning' as const }],
      [1, { worst: 'critical' as const, last: 'warning' as const }],
      [3, { worst: 'triggered' as const, last: 'triggered' as const }],
    ]);
    expect(fillBuckets(0, 500, 5, 'unknown', activity).map((b) => b.status)).toEqual([
      'warning',
      'critical',
      'warning',
      'warning', // triggered ranks below the warning in force
      'triggered',
    ]);
  });

  it('ends the last bucket exactly at `to` with uneven widths', () => {
    const buckets = fillBuckets(0, 100, 3, 'unknown', new Map());
    expect(buckets.map((b) => [b.from, b.to])).toEqual([
      [0, 33.333],
      [33.333, 66.667],
      [66.667, 100],
    ]);
  });
});

describe('bucketIndex', () => {
  it('puts an instant on a bucket edge into the later bucket', () => {
    expect(bucketIndex(0, 400, 4, 0)).toBe(0);
    expect(bucketIndex(0, 400, 4, 99.999)).toBe(0);
    expect(bucketIndex(0, 400, 4, 100)).toBe(1);
    expect(bucketIndex(0, 400, 4, 399)).toBe(3);
    expect(bucketIndex(0, 100, 3, 33.34)).toBe(1);
  });
});
