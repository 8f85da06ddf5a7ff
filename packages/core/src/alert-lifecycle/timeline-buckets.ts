/** The shortest segment a timeline has: legacy clients never draw one under 100 seconds. */
export const MIN_BUCKET_SECONDS = 100;

/** How a window is cut into segments: `count` segments of `bucketSeconds` each from `from`. */
export interface TimelineGeometry {
  bucketSeconds: number;
  count: number;
  /** Where the last segment ends: `from + count × bucketSeconds`, at or after the window's end. */
  end: number;
}

/**
 * `bucketSeconds = max(100, ceil((to - from) / bucketCount))`, as legacy clients compute it, and as
 * many whole segments as cover [from, to): at most `bucketCount`, fewer when the 100-second floor
 * applies. Segments are all as wide, so the last one may reach past `to` (by less than a segment);
 * it is answered for its whole width rather than cut, so every segment means the same span.
 *
 * @example timelineGeometry(0, 3601, 100) // { bucketSeconds: 100, count: 37, end: 3700 }
 */
export function timelineGeometry(from: number, to: number, bucketCount: number): TimelineGeometry {
  const bucketSeconds = Math.max(MIN_BUCKET_SECONDS, Math.ceil((to - from) / bucketCount));
  const count = Math.ceil((to - from) / bucketSeconds);
  return { bucketSeconds, count, end: from + count * bucketSeconds };
}

/** The bucket an instant falls in, matching the SQL that groups events (`floor((t - from) / width)`). */
export function bucketIndex(from: number, to: number, count: number, at: number): number {
  return Math.floor(((at - from) * count) / (to - from));
}
