import { RRuleTemporal } from 'rrule-temporal';
import { parseWall } from './wall-clock';

const DAY = 86_400_000;
/** Occurrences are generated a year of wall time at a time, as far as a question reaches. */
const CHUNK = 366 * DAY;
/**
 * A rule's hand-offs are generated up to this long after its start: a question about a later time
 * would cost one chunk per year in between. Past it the rotation has nobody on call (an edit starts
 * a new version, with its own horizon).
 */
export const RECURRENCE_HORIZON = 50 * 365 * DAY;

/** Rule parts that would fight the rotation's own fields or page at sub-hour hand-offs. */
const REFUSED = /(^|;)(DTSTART|COUNT|UNTIL)=|FREQ=(MINUTELY|SECONDLY)/;

/**
 * An RFC 5545 RRULE's occurrences on a schedule's wall clock, from `startsAt` (the DTSTART), as
 * naive wall milliseconds (`wall-clock.ts`). The rule is evaluated floating (no TZID), which
 * rrule-temporal does in its own Temporal frame, never the process's time zone; the wall times
 * then become instants by the resolver's DST rule, as unit rotations' hand-offs do. Memoised per
 * (rule, start): a pure function of them, shared by every resolution in the process.
 */
export class RecurrenceHandOffs {
  private static readonly byRule = new Map<string, RecurrenceHandOffs>();

  static of(rule: string, startsAt: string): RecurrenceHandOffs {
    const key = `${startsAt}|${rule}`;
    let found = RecurrenceHandOffs.byRule.get(key);
    if (!found) {
      found = new RecurrenceHandOffs(rule, startsAt);
      if (RecurrenceHandOffs.byRule.size > 1_000) RecurrenceHandOffs.byRule.clear();
      RecurrenceHandOffs.byRule.set(key, found);
    }
    return found;
  }

  private readonly rule: RRuleTemporal;
  private readonly walls: number[] = [];
  private readonly horizon: number;
  private generatedThrough: number;

  constructor(rule: string, startsAt: string) {
    const problem = recurrenceProblem(rule);
    if (problem) throw new RangeError(problem);
    const start = parseWall(startsAt);
    this.horizon = start + RECURRENCE_HORIZON;
    this.generatedThrough = start - 1;
    this.rule = new RRuleTemporal({
      rruleString: `DTSTART:${startsAt.replace(/[-:]/g, '')}00\nRRULE:${rule}`,
      maxIterations: 100_000,
    });
  }

  /** The wall time of hand-off `index`; undefined before the first and past the horizon. */
  wallAt(index: number): number | undefined {
    if (index < 0) return undefined;
    while (this.walls.length <= index && this.generatedThrough < this.horizon)
      this.extend(this.generatedThrough + CHUNK);
    return this.walls[index];
  }

  /** The end of the last generated shift: the horizon. */
  get end(): number {
    return this.horizon;
  }

  /** The index of the last hand-off at or before `wall`; -1 when none is. */
  indexAtOrBefore(wall: number): number {
    // One more chunk than asked, so the hand-off after `wall` (the shift's end) is known too.
    const target = Math.min(wall + CHUNK, this.horizon);
    while (this.generatedThrough < target) this.extend(this.generatedThrough + CHUNK);
    let low = 0;
    let high = this.walls.length - 1;
    let found = -1;
    while (low <= high) {
      const mid = (low + high) >> 1;
      if ((this.walls[mid] as number) <= wall) {
        found = mid;
        low = mid + 1;
      } else high = mid - 1;
    }
    return found;
  }

  private extend(through: number): void {
    const until = Math.min(through, this.horizon);
    const after = this.generatedThrough;
    // Floating: the rule's instants are in its UTC frame, so their epoch milliseconds are the walls.
    for (const occurrence of this.rule.between(new Date(after), new Date(until), true)) {
      const wall = occurrence.epochMilliseconds;
      if (wall > after && wall <= until) this.walls.push(wall);
    }
    this.generatedThrough = until;
  }
}

/**
 * Why a rotation's RRULE cannot be used, or null: it must parse and give at least one hand-off in
 * its first two years; DTSTART (the rotation's `startsAt`), COUNT and UNTIL (its effective dates
 * end it) and sub-hourly frequencies are refused.
 */
export function recurrenceProblem(rule: string, startsAt = '2026-01-01T00:00'): string | null {
  if (!/^FREQ=|;FREQ=/.test(rule)) return 'the recurrence rule needs a FREQ';
  if (REFUSED.test(rule))
    return 'the recurrence rule may not set DTSTART, COUNT or UNTIL, nor repeat more often than hourly';
  try {
    const parsed = new RRuleTemporal({
      rruleString: `DTSTART:${startsAt.replace(/[-:]/g, '')}00\nRRULE:${rule}`,
      maxIterations: 100_000,
    });
    const start = parseWall(startsAt);
    const first = parsed.between(new Date(start), new Date(start + 2 * CHUNK), true);
    return first.length === 0 ? 'the recurrence rule gives no hand-off in its first two years' : null;
  } catch (error) {
    return `the recurrence rule is not valid RFC 5545: ${error instanceof Error ? error.message : String(error)}`;
  }
}
