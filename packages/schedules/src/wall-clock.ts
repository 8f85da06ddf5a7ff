import { IANAZone } from 'luxon';

const HOUR = 3_600_000;

/**
 * Wall-clock time as epoch-like milliseconds ("naive": a UTC instant with the zone's digits), and
 * its conversion to instants. DST rule: a wall time that occurs twice maps to its first occurrence
 * for a start and its last for an end; a wall time that does not occur maps to the instant the
 * clock jumps over it (both the same).
 */
export class ZoneClock {
  private static readonly byZone = new Map<string, ZoneClock>();

  /**
   * One clock per zone for the process: its hour cache is a pure function of the zone's rules, so
   * sharing it lets the pager's thousandth resolution reuse what the first one asked Intl.
   */
  static of(timeZone: string): ZoneClock {
    let clock = ZoneClock.byZone.get(timeZone);
    if (!clock) {
      clock = new ZoneClock(timeZone);
      if (ZoneClock.byZone.size > 1_000) ZoneClock.byZone.clear();
      ZoneClock.byZone.set(timeZone, clock);
    }
    return clock;
  }

  private readonly zone: IANAZone;
  /** Offset of each UTC hour whose start and end agree (no change inside it); null when one does. */
  private readonly hours = new Map<number, number | null>();

  constructor(timeZone: string) {
    const zone = IANAZone.create(timeZone);
    if (!zone.isValid) throw new RangeError(`unknown time zone ${timeZone}`);
    this.zone = zone;
  }

  /** The zone's offset at an instant. Asking Intl is slow, so whole hours without a change are remembered. */
  offsetMs(instant: number): number {
    const hour = Math.floor(instant / HOUR);
    let known = this.hours.get(hour);
    if (known === undefined) {
      const start = this.zone.offset(hour * HOUR);
      known = start === this.zone.offset((hour + 1) * HOUR - 1) ? start * 60_000 : null;
      if (this.hours.size > 100_000) this.hours.clear();
      this.hours.set(hour, known);
    }
    return known ?? this.zone.offset(instant) * 60_000;
  }

  toWall(instant: number): number {
    return instant + this.offsetMs(instant);
  }

  /** The instants at which the wall clock reads `wall`, earliest first (0, 1 or 2 of them). */
  occurrences(wall: number): number[] {
    const offsets = new Set([this.offsetMs(wall - 86_400_000), this.offsetMs(wall + 86_400_000)]);
    const found: number[] = [];
    for (const offset of offsets) {
      const instant = wall - offset;
      if (this.offsetMs(instant) === offset) found.push(instant);
    }
    return found.sort((a, b) => a - b);
  }

  firstOccurrence(wall: number): number {
    const found = this.occurrences(wall);
    return found[0] ?? this.skipped(wall);
  }

  lastOccurrence(wall: number): number {
    const found = this.occurrences(wall);
    return found[found.length - 1] ?? this.skipped(wall);
  }

  /** A wall time the clock jumps over: the transition instant (where the clock passes it). */
  private skipped(wall: number): number {
    const before = this.offsetMs(wall - 86_400_000);
    // Before the jump the old offset holds; the jump happens at the first instant whose offset changed.
    let low = wall - before - 86_400_000;
    let high = wall - before;
    while (high - low > 1) {
      const mid = Math.floor((low + high) / 2);
      if (this.offsetMs(mid) === before) low = mid;
      else high = mid;
    }
    return high;
  }
}

const WALL = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;

/** "YYYY-MM-DDTHH:mm" as naive milliseconds. */
export function parseWall(text: string): number {
  const match = WALL.exec(text);
  if (!match) throw new RangeError(`wall-clock time must be YYYY-MM-DDTHH:mm, got ${text}`);
  const [, y, mo, d, h, mi] = match.map(Number) as [number, number, number, number, number, number];
  return Date.UTC(y, mo - 1, d, h, mi);
}

/** "HH:mm" as minutes after midnight. */
export function parseClock(text: string): number {
  const match = /^(\d{2}):(\d{2})$/.exec(text);
  if (!match) throw new RangeError(`clock time must be HH:mm, got ${text}`);
  const minutes = Number(match[1]) * 60 + Number(match[2]);
  if (minutes > 24 * 60) throw new RangeError(`clock time out of range: ${text}`);
  return minutes;
}
