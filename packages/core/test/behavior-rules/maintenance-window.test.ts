import { describe, expect, it } from 'vitest';
import { activeUntil, isTimeZone, wallClockMs } from '../../src/behavior-rules/maintenance-window';

const at = (iso: string) => Date.parse(iso);

describe('maintenance windows', () => {
  it('reads local date-times and refuses impossible ones', () => {
    expect(wallClockMs('2026-11-28T22:00')).toBe(at('2026-11-28T22:00Z'));
    expect(wallClockMs('2026-11-28T22:00:30')).toBe(at('2026-11-28T22:00:30Z'));
    expect(wallClockMs('2026-02-30T10:00')).toBeUndefined();
    expect(wallClockMs('2026-11-28T24:00')).toBeUndefined();
    expect(wallClockMs('2026-11-28 22:00')).toBeUndefined();
    expect(isTimeZone('Europe/Berlin')).toBe(true);
    expect(isTimeZone('Mars/Olympus')).toBe(false);
  });

  it('is in force between its times, in its time zone', () => {
    const window = { from: '2026-11-28T22:00', to: '2026-11-29T02:00', timeZone: 'Europe/Berlin' };
    // Berlin is UTC+1 in November.
    expect(activeUntil(window, at('2026-11-28T20:59Z'))).toBeNull();
    expect(activeUntil(window, at('2026-11-28T21:00Z'))).toBe(at('2026-11-29T01:00Z'));
    expect(activeUntil(window, at('2026-11-29T00:59Z'))).toBe(at('2026-11-29T01:00Z'));
    expect(activeUntil(window, at('2026-11-29T01:00Z'))).toBeNull();
    expect(activeUntil(window, at('2026-12-05T22:00Z'))).toBeNull();
  });

  it('repeats every week at the same wall-clock times when weekly, across daylight saving time', () => {
    const window = {
      from: '2026-03-21T22:00',
      to: '2026-03-22T02:00',
      timeZone: 'Europe/Berlin',
      weekly: true,
    };
    expect(activeUntil(window, at('2026-03-14T21:30Z'))).toBeNull(); // before its first occurrence
    expect(activeUntil(window, at('2026-03-21T21:30Z'))).toBe(at('2026-03-22T01:00Z'));
    // Two weeks on Berlin is on summer time (UTC+2): the same wall-clock window, an hour earlier in UTC.
    expect(activeUntil(window, at('2026-04-04T20:30Z'))).toBe(at('2026-04-05T00:00Z'));
    expect(activeUntil(window, at('2026-04-05T00:30Z'))).toBeNull();
    expect(activeUntil(window, at('2026-03-25T12:00Z'))).toBeNull();
  });

  it('is never in force when it makes no sense', () => {
    expect(
      activeUntil(
        { from: '2026-11-29T02:00', to: '2026-11-28T22:00', timeZone: 'UTC' },
        at('2026-11-28T23:00Z'),
      ),
    ).toBeNull();
    expect(
      activeUntil(
        { from: '2026-11-28T22:00', to: '2026-11-29T02:00', timeZone: 'Nowhere/None' },
        at('2026-11-28T23:00Z'),
      ),
    ).toBeNull();
  });
});
