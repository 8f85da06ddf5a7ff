/** The spans the rule detail's status bar offers, as the timeline procedure's input reads them. */
export const TIMELINE_WINDOWS = [
  { value: '1h', label: '1 h', seconds: 3_600 },
  { value: '24h', label: '24 h', seconds: 86_400 },
  { value: '7d', label: '7 d', seconds: 7 * 86_400 },
  { value: '30d', label: '30 d', seconds: 30 * 86_400 },
] as const;

export type TimelineWindow = (typeof TIMELINE_WINDOWS)[number]['value'];

/** Buckets per bar: fine enough to see a flap, few enough for a phone's width. */
export const TIMELINE_BUCKETS = 60;

/**
 * The timeline query for one rule over the window ending at `now`, its end rounded up to the minute
 * so a re-render in the same minute asks the same question (and hits the cache).
 */
export function timelineQuery(ruleId: string, window: TimelineWindow, now: Date) {
  const span = TIMELINE_WINDOWS.find((choice) => choice.value === window)?.seconds ?? 3_600;
  const toTime = Math.ceil(now.getTime() / 60_000) * 60;
  return { alertRuleIds: [ruleId], fromTime: toTime - span, toTime, bucketCount: TIMELINE_BUCKETS };
}
