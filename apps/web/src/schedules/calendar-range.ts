import { startOfLocalWeek } from './calendar-rows';

export type CalendarView = 'week' | 'twoWeeks' | 'month';

export const VIEW_OPTIONS: { value: CalendarView; label: string }[] = [
  { value: 'week', label: 'Week' },
  { value: 'twoWeeks', label: '2 weeks' },
  { value: 'month', label: 'Month' },
];

/** The local days a view shows around `anchor`: its week (from Monday), two weeks, or its month. */
export function viewRange(view: CalendarView, anchor: Date): { start: Date; days: number } {
  if (view === 'month') {
    const start = new Date(anchor.getFullYear(), anchor.getMonth(), 1);
    return { start, days: new Date(anchor.getFullYear(), anchor.getMonth() + 1, 0).getDate() };
  }
  return { start: startOfLocalWeek(anchor), days: view === 'week' ? 7 : 14 };
}

/** The anchor one view earlier (-1) or later (+1). */
export function stepped(view: CalendarView, anchor: Date, by: -1 | 1): Date {
  if (view === 'month') return new Date(anchor.getFullYear(), anchor.getMonth() + by, 1);
  const days = view === 'week' ? 7 : 14;
  return new Date(anchor.getFullYear(), anchor.getMonth(), anchor.getDate() + by * days);
}
