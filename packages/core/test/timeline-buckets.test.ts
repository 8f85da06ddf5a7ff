import { describe, expect, it } from 'vitest';
import { bucketIndex, timelineGeometry } from '../src/alert-lifecycle/timeline-buckets';

describe('timelineGeometry', () => {
  it('divides the window by the bucket count, rounding the width up', () => {
    expect(timelineGeometry(0, 86_400, 100)).toEqual({ bucketSeconds: 864, count: 100, end: 86_400 });
    expect(timelineGeometry(0, 86_401, 100)).toEqual({ bucketSeconds: 865, count: 100, end: 86_500 });
  });

  it('never makes a bucket shorter than 100 s, and makes fewer of them instead', () => {
    expect(timelineGeometry(1000, 1400, 4)).toEqual({ bucketSeconds: 100, count: 4, end: 1400 });
    expect(timelineGeometry(0, 3601, 100)).toEqual({ bucketSeconds: 100, count: 37, end: 3700 });
    expect(timelineGeometry(0, 1, 100)).toEqual({ bucketSeconds: 100, count: 1, end: 100 });
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
