import type { RouterOutputs } from '../trpc/router-types';

export type OnCallNowAnswer = RouterOutputs['schedules']['onCallNow'];
export type OnCallSchedule = OnCallNowAnswer['schedules'][number];

/** Schedules shown before "Show all": three rows fit a phone's first screen beside what fires. */
const COLLAPSED_ROWS = 3;

/**
 * The schedules in the order the panel lists them: those the user is on call in first (what a
 * responder checks first at 3 a.m.), then the rest in the server's order (by name).
 */
export function orderForUser(schedules: readonly OnCallSchedule[], userId: string): OnCallSchedule[] {
  const mine = (schedule: OnCallSchedule) => schedule.onCall.some((person) => person.userId === userId);
  return [...schedules.filter(mine), ...schedules.filter((schedule) => !mine(schedule))];
}

/** The rows shown: all of them when expanded or few, else the first `COLLAPSED_ROWS`. */
export function visibleSchedules<T>(rows: readonly T[], expanded: boolean): readonly T[] {
  return expanded || rows.length <= COLLAPSED_ROWS + 1 ? rows : rows.slice(0, COLLAPSED_ROWS);
}

/** Who is on call, in words: "Alice", "Alice and Bob", "Alice, Bob and Carol", "You and Bob". */
export function peopleText(schedule: OnCallSchedule, userId: string): string {
  const names = schedule.onCall.map((person) => (person.userId === userId ? 'You' : person.name));
  if (names.length === 0) return 'Nobody';
  return names.length === 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}

/**
 * How long until the answer changes: the earliest hand-off of any schedule (a second after it, so
 * the server's clock has passed it), or null when none falls within the week the server looked at.
 * The panel asks again then rather than polling.
 */
export function nextRefreshMs(answer: OnCallNowAnswer | undefined, nowMs: number): number | null {
  const handOffs = (answer?.schedules ?? []).flatMap((schedule) =>
    schedule.until === null ? [] : [Date.parse(schedule.until)],
  );
  if (handOffs.length === 0) return null;
  return Math.max(1_000, Math.min(...handOffs) - nowMs + 1_000);
}

/** The hand-off's local time, short: "09:00" today, "Tue 09:00" within the week. */
export function handOffTime(until: string, now: Date, locale?: string): string {
  const at = new Date(until);
  const sameDay = at.toDateString() === now.toDateString();
  return new Intl.DateTimeFormat(locale, {
    ...(sameDay ? {} : { weekday: 'short' }),
    hour: '2-digit',
    minute: '2-digit',
  }).format(at);
}
