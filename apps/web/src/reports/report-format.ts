/** A duration in seconds as people read it: `45 s`, `3 m 20 s`, `2 h 5 m`, `1 d 4 h`; `–` for none. */
export function formatDuration(seconds: number | null | undefined): string {
  if (seconds === null || seconds === undefined || !Number.isFinite(seconds)) return '–';
  const s = Math.round(seconds);
  if (s < 60) return `${s} s`;
  if (s < 3600) return `${Math.floor(s / 60)} m${s % 60 ? ` ${s % 60} s` : ''}`;
  if (s < 86_400) {
    const m = Math.floor((s % 3600) / 60);
    return `${Math.floor(s / 3600)} h${m ? ` ${m} m` : ''}`;
  }
  const h = Math.floor((s % 86_400) / 3600);
  return `${Math.floor(s / 86_400)} d${h ? ` ${h} h` : ''}`;
}

/** A rate from 0 to 1 as a percentage with one decimal when it needs one. */
export function formatRate(rate: number): string {
  const percent = Math.round(rate * 1000) / 10;
  return `${percent}%`;
}

export const REPORT_RANGES = ['24h', '7d', '30d', '90d'] as const;
export type ReportRange = (typeof REPORT_RANGES)[number];

const RANGE_MS: Record<ReportRange, number> = {
  '24h': 86_400_000,
  '7d': 7 * 86_400_000,
  '30d': 30 * 86_400_000,
  '90d': 90 * 86_400_000,
};

/** The report's `from` for a range ending now, rounded down to the minute so a query key stays put. */
export function rangeStart(range: ReportRange, now: number): string {
  const start = now - RANGE_MS[range];
  return new Date(start - (start % 60_000)).toISOString();
}
