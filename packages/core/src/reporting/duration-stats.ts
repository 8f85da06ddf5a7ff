/** Durations (seconds, or ms where named so): continuous percentiles (`percentile_cont`). */
export interface DurationStats {
  count: number;
  mean: number;
  p50: number;
  p90: number;
  p99: number;
}

/**
 * The stats from `count(x)`, `avg(x)` and `percentile_cont(array[0.5, 0.9, 0.99])`; null when
 * nothing was measured.
 */
export function durationStats(
  count: number,
  mean: number | null,
  percentiles: unknown,
): DurationStats | null {
  const [p50, p90, p99] = numbersOf(percentiles);
  if (count === 0 || mean === null || p50 === undefined || p90 === undefined || p99 === undefined)
    return null;
  return { count, mean: Number(mean), p50, p90, p99 };
}

/** A float8[] as the driver gives it: an array, or PostgreSQL's `{1,2,3}` text. */
function numbersOf(value: unknown): number[] {
  if (Array.isArray(value)) return value.map(Number);
  if (typeof value === 'string') return value.replace(/[{}]/g, '').split(',').filter(Boolean).map(Number);
  return [];
}
