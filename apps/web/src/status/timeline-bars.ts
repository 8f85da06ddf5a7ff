/** Each state's color on a timeline bar (the bar's words for a screen reader say the same). */
export const SEGMENT_COLORS: Record<string, string> = {
  critical: 'var(--mantine-color-red-8)',
  warning: 'var(--mantine-color-yellow-5)',
  triggered: 'var(--mantine-color-grape-8)',
  resolved: 'var(--mantine-color-teal-7)',
  unknown: 'var(--mantine-color-gray-5)',
};

/** A bar in words: each state with the share of the window it held, most first. */
export function summarizeSegments(segments: readonly { status: string }[]): string {
  const counts = new Map<string, number>();
  for (const segment of segments) counts.set(segment.status, (counts.get(segment.status) ?? 0) + 1);
  return [...counts]
    .sort((a, b) => b[1] - a[1])
    .map(([state, count]) => `${state} ${Math.round((count / segments.length) * 100)}%`)
    .join(', ');
}
