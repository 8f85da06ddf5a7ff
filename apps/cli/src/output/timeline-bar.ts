import type { Timeline } from '../api/answers';
import type { Colors } from './colors';
import { paintState } from './state-style';

/** Without color the states still differ by shape; with color every bucket is a full block. */
const PLAIN: Record<string, string> = {
  critical: '#',
  warning: '!',
  triggered: '^',
  resolved: '-',
  unknown: '.',
};

function cell(colors: Colors, colored: boolean, status: string): string {
  if (!colored) return PLAIN[status] ?? '?';
  if (status === 'unknown') return colors.dim('·');
  return paintState(colors, status, '█');
}

/** One character per bucket from `from` to `to`: the state in force then (the server's worst-wins). */
export function timelineBar(
  timeline: Timeline,
  from: number,
  to: number,
  colors: Colors,
  colored: boolean,
): string {
  const size = Math.max(1, timeline.bucketSeconds);
  const cells = Math.max(1, Math.ceil((to - from) / size));
  let bar = '';
  for (let i = 0; i < cells; i++) {
    const start = from + i * size;
    const segment = timeline.segments.find((s) => s.fromTime <= start && start < s.toTime);
    bar += cell(colors, colored, segment?.status ?? 'unknown');
  }
  return bar;
}

export function timelineLegend(colors: Colors, colored: boolean): string {
  return ['critical', 'warning', 'triggered', 'resolved', 'unknown']
    .map((status) => `${cell(colors, colored, status)} ${status}`)
    .join('  ');
}
