import type { Rotation } from './model';
import { RecurrenceHandOffs } from './recurrence';
import { parseClock, parseWall, type ZoneClock } from './wall-clock';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const UNIT_MS = { hour: HOUR, day: DAY, week: 7 * DAY } as const;

export interface Interval {
  from: number;
  until: number;
}

export interface Shift extends Interval {
  index: number;
  /** Everyone on call in the shift: one member, a group's people, or none for a gap. */
  userIds: string[];
}

/** A member as its shift's people: a user, a group of users (on call together), or a gap. */
function membersOf(member: string | readonly string[] | null): string[] {
  if (member === null) return [];
  return typeof member === 'string' ? [member] : [...member];
}

/**
 * A rotation's shifts, counted in wall-clock time in the schedule's zone: shift k starts at the first
 * occurrence of its hand-off wall time and ends at the last occurrence of the next one, so a
 * repeated hour is covered by both people and a skipped one by nobody twice. The hand-offs are
 * every `every` units from `startsAt`, or the occurrences of the rotation's RFC 5545 `recurrence`
 * (with `startsAt` as its DTSTART), both on the wall clock.
 */
export class RotationShifts {
  private readonly anchor: number;
  private readonly length: number;
  private readonly recurrence: RecurrenceHandOffs | null;

  constructor(
    private readonly rotation: Rotation,
    private readonly clock: ZoneClock,
  ) {
    if (!Number.isInteger(rotation.every) || rotation.every < 1)
      throw new RangeError('every must be a positive integer');
    if (rotation.members.length === 0) throw new RangeError('a rotation needs at least one member or gap');
    this.anchor = parseWall(rotation.startsAt);
    this.length = UNIT_MS[rotation.unit] * rotation.every;
    this.recurrence = rotation.recurrence
      ? RecurrenceHandOffs.of(rotation.recurrence, rotation.startsAt)
      : null;
  }

  /** Shift `index`, or null when there is none (before the first hand-off, past a rule's horizon). */
  shift(index: number): Shift | null {
    const members = this.rotation.members;
    const wallStart = this.wallStart(index);
    if (wallStart === undefined) return null;
    const wallEnd = this.wallStart(index + 1) ?? this.recurrence?.end ?? wallStart + this.length;
    return {
      index,
      from: this.clock.firstOccurrence(wallStart),
      until: this.clock.lastOccurrence(wallEnd),
      userIds: membersOf(members[((index % members.length) + members.length) % members.length] ?? null),
    };
  }

  private wallStart(index: number): number | undefined {
    if (this.recurrence) return this.recurrence.wallAt(index);
    return this.anchor + index * this.length;
  }

  /** Shifts meeting [from, until), in order. */
  shiftsBetween(from: number, until: number): Shift[] {
    const first = Math.max(0, this.indexNear(from) - 1);
    const last = this.indexNear(until) + 1;
    const shifts: Shift[] = [];
    for (let index = first; index <= last; index++) {
      const shift = this.shift(index);
      if (shift && shift.from < until && shift.until > from) shifts.push(shift);
    }
    return shifts;
  }

  /** Shifts containing the instant (two inside a repeated hour). */
  shiftsAt(instant: number): Shift[] {
    const near = this.indexNear(instant);
    const found: Shift[] = [];
    for (let index = Math.max(0, near - 1); index <= near + 1; index++) {
      const shift = this.shift(index);
      if (shift && shift.from <= instant && instant < shift.until) found.push(shift);
    }
    return found;
  }

  /** Whether an active window (if any) covers the instant. */
  inWindow(instant: number): boolean {
    const windows = this.rotation.activeWindows;
    if (!windows || windows.length === 0) return true;
    const day = Math.floor(this.clock.toWall(instant) / DAY) * DAY;
    for (const startDay of [day - DAY, day, day + DAY]) {
      for (const window of this.windowsOn(startDay))
        if (window.from <= instant && instant < window.until) return true;
    }
    return false;
  }

  /** Window intervals meeting [from, until). */
  windowsBetween(from: number, until: number): Interval[] {
    if (!this.rotation.activeWindows || this.rotation.activeWindows.length === 0) return [];
    const intervals: Interval[] = [];
    const firstDay = Math.floor(this.clock.toWall(from) / DAY) * DAY - DAY;
    const lastDay = Math.floor(this.clock.toWall(until) / DAY) * DAY + DAY;
    for (let day = firstDay; day <= lastDay; day += DAY) {
      for (const window of this.windowsOn(day))
        if (window.from < until && window.until > from) intervals.push(window);
    }
    return intervals;
  }

  private windowsOn(wallDay: number): Interval[] {
    const isoWeekday = ((new Date(wallDay).getUTCDay() + 6) % 7) + 1;
    const intervals: Interval[] = [];
    for (const window of this.rotation.activeWindows ?? []) {
      if (!window.weekdays.includes(isoWeekday)) continue;
      const start = parseClock(window.start);
      let end = parseClock(window.end);
      if (end <= start) end += 24 * 60;
      intervals.push({
        from: this.clock.firstOccurrence(wallDay + start * 60_000),
        until: this.clock.lastOccurrence(wallDay + end * 60_000),
      });
    }
    return intervals;
  }

  private indexNear(instant: number): number {
    const wall = this.clock.toWall(instant);
    if (this.recurrence) return this.recurrence.indexAtOrBefore(wall);
    return Math.floor((wall - this.anchor) / this.length);
  }
}
