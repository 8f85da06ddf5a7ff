/**
 * A silent behavior rule's maintenance window: from `from` to `to`, wall-clock times in `timeZone`
 * (`2026-11-28T22:00`), once, or every week at the same weekday and time when `weekly`.
 *
 * @example { from: '2026-11-28T22:00', to: '2026-11-29T02:00', timeZone: 'Europe/Berlin', weekly: true }
 */
export interface MaintenanceWindow {
  readonly from: string;
  readonly to: string;
  readonly timeZone: string;
  readonly weekly?: boolean;
}

const WEEK_MS = 7 * 86_400_000;
const LOCAL_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/;

/** A local date-time (`YYYY-MM-DDTHH:MM[:SS]`) as if it were UTC, in ms; undefined when not one. */
export function wallClockMs(local: string): number | undefined {
  const match = LOCAL_TIME.exec(local);
  if (!match) return undefined;
  const [y = 0, mo = 0, d = 0, h = 0, mi = 0, s = 0] = match
    .slice(1)
    .map((part) => (part === undefined ? 0 : Number(part)));
  const ms = Date.UTC(y, mo - 1, d, h, mi, s);
  const back = new Date(ms);
  // Refuses 2026-02-30 and 24:00, which Date.UTC would roll over.
  if (back.getUTCMonth() !== mo - 1 || back.getUTCDate() !== d || back.getUTCHours() !== h) return undefined;
  return ms;
}

/** Whether an IANA time zone name is one this runtime knows. */
export function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

/** The wall-clock time in `timeZone` at an instant, as if it were UTC, in ms. */
function wallClockAt(instantMs: number, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(new Date(instantMs));
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return Date.UTC(part('year'), part('month') - 1, part('day'), part('hour'), part('minute'), part('second'));
}

/** The instant a wall-clock time in `timeZone` names (the earlier one in a DST fold). */
function instantOf(wallMs: number, timeZone: string): number {
  let instant = wallMs - (wallClockAt(wallMs, timeZone) - wallMs);
  instant = wallMs - (wallClockAt(instant, timeZone) - instant);
  return instant;
}

/**
 * When the window in force at `now` ends (ms since the epoch), or null when none is. A weekly
 * window repeats from its first occurrence on, at the same wall-clock times (so it moves with
 * daylight saving time); its length must be under a week.
 *
 * @example activeUntil({ from: '2026-11-28T22:00', to: '2026-11-29T02:00', timeZone: 'UTC' }, Date.parse('2026-11-28T23:00Z')) // Date.parse('2026-11-29T02:00Z')
 */
export function activeUntil(window: MaintenanceWindow, now: number): number | null {
  const from = wallClockMs(window.from);
  const to = wallClockMs(window.to);
  if (from === undefined || to === undefined || to <= from || !isTimeZone(window.timeZone)) return null;
  const wallNow = wallClockAt(now, window.timeZone);
  if (wallNow < from) return null;
  if (!window.weekly) return wallNow < to ? instantOf(to, window.timeZone) : null;
  const into = (wallNow - from) % WEEK_MS;
  const length = to - from;
  if (into >= length) return null;
  return instantOf(wallNow - into + length, window.timeZone);
}

/** A maintenance window in force on a rule, as the rule's read announces it. */
export interface ActiveMaintenance {
  readonly behaviorRuleId: string;
  readonly name: string | null;
  /** When the window in force ends (ISO 8601). */
  readonly until: string;
}

/** The first of `windows` in force at `now`, as a rule's read announces it; null when none is. */
export function activeMaintenance(
  windows: readonly { id: string; name: string | null; window: MaintenanceWindow }[],
  now: number,
): ActiveMaintenance | null {
  for (const { id, name, window } of windows) {
    const until = activeUntil(window, now);
    if (until !== null) return { behaviorRuleId: id, name, until: new Date(until).toISOString() };
  }
  return null;
}
