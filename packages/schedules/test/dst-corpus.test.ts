import { describe, expect, it } from 'vitest';
import { type Rotation, type Schedule, ScheduleResolver } from '../src/index';
import { transitions, wallAt } from './zone-transitions';

const HOUR = 3_600_000;
const MINUTE = 60_000;
const ZONES = ['America/Chicago', 'Europe/London', 'Australia/Sydney', 'Asia/Tehran'];
const FROM = Date.UTC(2026, 0, 1);
const UNTIL = Date.UTC(2029, 0, 1);

function schedule(timeZone: string, rotation: Omit<Rotation, 'id' | 'members'>): Schedule {
  return {
    id: 's',
    teamId: 't',
    timeZone,
    overrides: [],
    layers: [{ id: 'l', priority: 1, rotations: [{ id: 'r', members: ['ann', 'bob', 'cat'], ...rotation }] }],
  };
}

const iso = (instant: number) => new Date(instant).toISOString();

describe('DST corpus 2026–2028 (answers must not depend on the process time zone)', () => {
  it('knows which zone the process runs in', () => {
    // Logged so the two runs of scripts/test-both-zones.mjs are visibly different processes.
    expect(typeof process.env.TZ === 'string' || process.env.TZ === undefined).toBe(true);
  });

  it('Asia/Tehran has kept no DST since 2022: shifts stay 24 h all three years', () => {
    expect(transitions('Asia/Tehran', FROM, UNTIL)).toEqual([]);
    const resolver = new ScheduleResolver(
      schedule('Asia/Tehran', { unit: 'day', every: 1, startsAt: '2026-01-01T00:00' }),
    );
    const handOffs = resolver.handOffs(Date.UTC(2026, 2, 15), Date.UTC(2026, 2, 30));
    for (let i = 1; i < handOffs.length; i++)
      expect((handOffs[i]?.at ?? 0) - (handOffs[i - 1]?.at ?? 0)).toBe(24 * HOUR);
    // Midnight in Tehran is 20:30 UTC the day before.
    expect(iso(handOffs[0]?.at ?? 0)).toBe('2026-03-15T20:30:00.000Z');
  });

  it('Asia/Tehran 2021 (its last DST year): the midnight hand-offs jump and repeat correctly', () => {
    const [spring, autumn] = transitions('Asia/Tehran', Date.UTC(2021, 0, 1), Date.UTC(2022, 0, 1));
    expect(spring && autumn).toBeTruthy();
    if (!spring || !autumn) return;
    const resolver = new ScheduleResolver(
      schedule('Asia/Tehran', { unit: 'day', every: 1, startsAt: '2021-01-01T00:00' }),
    );
    // 22 March 00:00 does not exist (00:00 → 01:00): the hand-off is the jump itself.
    expect(resolver.handOffs(spring.at - 2 * HOUR, spring.at + 2 * HOUR).map((h) => h.at)).toEqual([
      spring.at,
    ]);
    // 21 Sept: 00:00 → 23:00 the day before, so 23:00 repeats, midnight happens once, 24 h after the last.
    const day = resolver.between(autumn.at - 30 * HOUR, autumn.at + 30 * HOUR);
    expect(day.every((segment) => segment.onCall.length === 1)).toBe(true);
  });

  for (const zone of ZONES.filter((z) => z !== 'Asia/Tehran')) {
    for (const change of transitions(zone, FROM, UNTIL)) {
      const springs = change.after > change.before;
      const jump = (change.after - change.before) * MINUTE;
      const label = `${zone} ${iso(change.at)} (${springs ? 'forward' : 'back'})`;
      // The wall-clock hour the change touches: skipped when springing forward, repeated when falling back.
      const touchedHour = springs ? wallAt(change.at, change.before) : wallAt(change.at, change.after);
      // A week before, so the change falls on the second shift's hand-off.
      const weekBefore = new Date(Date.parse(`${touchedHour.slice(0, 10)}T00:00Z`) - 7 * 24 * HOUR)
        .toISOString()
        .slice(0, 10);

      describe(label, () => {
        it('daily at 09:00: the shift over the change lasts 24 h minus the jump', () => {
          const resolver = new ScheduleResolver(
            schedule(zone, { unit: 'day', every: 1, startsAt: '2025-12-01T09:00' }),
          );
          const hands = resolver.handOffs(change.at - 36 * HOUR, change.at + 36 * HOUR).map((h) => h.at);
          const around = hands.filter((at, i) => i > 0 && (hands[i - 1] ?? 0) < change.at && at > change.at);
          const before = hands[hands.indexOf(around[0] ?? 0) - 1] ?? 0;
          expect((around[0] ?? 0) - before).toBe(24 * HOUR - jump);
        });

        it('weekly at the touched hour: the shift starts at the first occurrence, nobody is missed', () => {
          const resolver = new ScheduleResolver(
            schedule(zone, { unit: 'week', every: 1, startsAt: `${weekBefore}T${touchedHour.slice(11)}` }),
          );
          const segments = resolver.between(change.at - 3 * HOUR, change.at + 3 * HOUR);
          expect(segments.every((segment) => segment.onCall.length >= 1)).toBe(true);
          if (springs) {
            // The hand-off wall time does not exist: the new shift begins at the jump.
            expect(resolver.at(change.at - MINUTE).onCall.map((e) => e.userId)).toEqual(['ann']);
            expect(resolver.at(change.at).onCall.map((e) => e.userId)).toEqual(['bob']);
          } else {
            // The hand-off wall time happens twice: bob starts at the first, ann ends at the last.
            const both = resolver
              .at(change.at - 1)
              .onCall.map((e) => e.userId)
              .sort();
            expect(both).toEqual(['ann', 'bob']);
            expect(resolver.at(change.at).onCall.map((e) => e.userId)).toEqual(['bob']);
            expect(resolver.at(change.at + jump).onCall.length).toBe(2);
            expect(resolver.at(change.at + jump - 1).onCall.length).toBe(1);
          }
        });

        it('hourly: every minute of the day is covered, two people only in a repeated hour', () => {
          const resolver = new ScheduleResolver(
            schedule(zone, { unit: 'hour', every: 1, startsAt: '2025-12-01T00:00' }),
          );
          for (let t = change.at - 6 * HOUR; t < change.at + 6 * HOUR; t += MINUTE) {
            const count = resolver.at(t).onCall.length;
            const repeated = !springs && t >= change.at + jump && t < change.at;
            expect(count, iso(t)).toBe(repeated ? 2 : 1);
          }
        });

        it('RRULE rotations hand off exactly as the unit rotations they spell (one DST rule)', () => {
          const weekday = ['SU', 'MO', 'TU', 'WE', 'TH', 'FR', 'SA'][
            new Date(`${touchedHour.slice(0, 10)}T00:00Z`).getUTCDay()
          ];
          const startsAt = `${weekBefore}T${touchedHour.slice(11)}`;
          const pairs = [
            [{ unit: 'week', every: 1, startsAt }, `FREQ=WEEKLY;BYDAY=${weekday}`],
            [{ unit: 'day', every: 1, startsAt: '2025-12-01T09:00' }, 'FREQ=DAILY'],
            [{ unit: 'day', every: 1, startsAt: `2025-12-01T${touchedHour.slice(11)}` }, 'FREQ=DAILY'],
            [{ unit: 'hour', every: 1, startsAt: '2025-12-01T00:00' }, 'FREQ=HOURLY'],
          ] as const;
          for (const [unit, recurrence] of pairs) {
            const answer = (rotation: Omit<Rotation, 'id' | 'members'>) =>
              new ScheduleResolver(schedule(zone, rotation))
                .between(change.at - 30 * HOUR, change.at + 30 * HOUR)
                .map((s) => `${iso(s.from)} ${s.onCall.map((e) => e.userId).join('+') || '-'}`);
            expect(answer({ ...unit, recurrence }), recurrence).toEqual(answer(unit));
          }
        });

        it('an RRULE of Mondays, Wednesdays and Fridays matches the committed snapshot', () => {
          const rotation = {
            unit: 'week',
            every: 1,
            startsAt: '2025-12-01T02:30',
            recurrence: 'FREQ=WEEKLY;BYDAY=MO,WE,FR',
          } as const;
          const answer = new ScheduleResolver(schedule(zone, rotation))
            .between(change.at - 4 * 24 * HOUR, change.at + 4 * 24 * HOUR)
            .map((s) => `${iso(s.from)} ${s.onCall.map((e) => e.userId).join('+') || '-'}`);
          expect(answer).toMatchSnapshot();
        });

        it('answers match the committed snapshot', () => {
          const cases = {
            daily: { unit: 'day', every: 1, startsAt: '2025-12-01T02:30' },
            weekly: { unit: 'week', every: 1, startsAt: '2025-12-01T01:30' },
            hourly: { unit: 'hour', every: 1, startsAt: '2025-12-01T00:00' },
          } as const;
          const answers = Object.fromEntries(
            Object.entries(cases).map(([name, rotation]) => [
              name,
              new ScheduleResolver(schedule(zone, rotation))
                .between(change.at - 4 * HOUR, change.at + 4 * HOUR)
                .map((s) => `${iso(s.from)} ${s.onCall.map((e) => e.userId).join('+') || '-'}`),
            ]),
          );
          expect(answers).toMatchSnapshot();
        });
      });
    }
  }
});
