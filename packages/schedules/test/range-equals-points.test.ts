import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type Override, type Rotation, type Schedule, ScheduleResolver } from '../src/index';

const MINUTE = 60_000;
const PEOPLE = ['ann', 'bob', 'cat', 'dan'];
const pad = (n: number) => String(n).padStart(2, '0');

const clock = fc
  .tuple(fc.integer({ min: 0, max: 23 }), fc.constantFrom(0, 30))
  .map(([h, m]) => `${pad(h)}:${pad(m)}`);

const rotation: fc.Arbitrary<Rotation> = fc.record({
  id: fc.uuid(),
  unit: fc.constantFrom('hour', 'day', 'week'),
  every: fc.integer({ min: 1, max: 3 }),
  startsAt: fc
    .tuple(fc.integer({ min: 1, max: 28 }), clock)
    .map(([day, time]) => `2026-10-${pad(day)}T${time}`),
  // A recurrence rule or none; members: a person, a group of people, or a gap.
  recurrence: fc.option(
    fc.constantFrom(
      'FREQ=WEEKLY;BYDAY=MO,WE,FR',
      'FREQ=DAILY;INTERVAL=2',
      'FREQ=HOURLY;INTERVAL=5',
      'FREQ=DAILY',
    ),
    { nil: undefined },
  ),
  members: fc.array(
    fc.oneof(
      fc.constantFrom(...PEOPLE),
      fc.subarray(PEOPLE, { minLength: 1, maxLength: 3 }),
      fc.constant(null),
    ),
    { minLength: 1, maxLength: 4 },
  ),
  activeWindows: fc.option(
    fc.array(
      fc.record({ weekdays: fc.subarray([1, 2, 3, 4, 5, 6, 7], { minLength: 1 }), start: clock, end: clock }),
      {
        minLength: 1,
        maxLength: 2,
      },
    ),
    { nil: undefined },
  ),
});

// A window over the autumn changes of the northern and southern hemispheres' zones.
const START = Date.parse('2026-10-24T00:00:00Z');
const override: fc.Arbitrary<Override> = fc
  .record({
    id: fc.uuid(),
    kind: fc.constantFrom('add', 'remove', 'replace'),
    userId: fc.constantFrom(...PEOPLE),
    replacedUserId: fc.constantFrom(...PEOPLE),
    from: fc.integer({ min: 0, max: 3 * 24 * 60 }),
    length: fc.integer({ min: 1, max: 24 * 60 }),
  })
  .map(({ kind, userId, replacedUserId, from, length, id }) => {
    const range = { id, from: START + from * MINUTE, until: START + (from + length) * MINUTE };
    return kind === 'replace' ? { ...range, kind, userId, replacedUserId } : { ...range, kind, userId };
  });

const schedule: fc.Arbitrary<Schedule> = fc.record({
  id: fc.constant('s'),
  teamId: fc.constant('t'),
  timeZone: fc.constantFrom('America/Chicago', 'Europe/London', 'Australia/Sydney', 'Asia/Tehran'),
  layers: fc.array(
    fc.record({
      id: fc.uuid(),
      priority: fc.integer({ min: 0, max: 5 }),
      rotations: fc.array(rotation, { minLength: 1, maxLength: 2 }),
    }),
    { minLength: 1, maxLength: 3 },
  ),
  overrides: fc.array(override, { maxLength: 3 }),
});

describe('the range answer equals the point answers', () => {
  it('sampled every minute over three days around a DST change', () => {
    fc.assert(
      fc.property(schedule, fc.integer({ min: 0, max: 8 * 24 * 60 }), (s, offsetMinutes) => {
        const resolver = new ScheduleResolver(s);
        const from = START + offsetMinutes * MINUTE;
        const until = from + 3 * 24 * 60 * MINUTE;
        const segments = resolver.between(from, until);
        expect(segments[0]?.from).toBe(from);
        expect(segments[segments.length - 1]?.until).toBe(until);
        let index = 0;
        for (let t = from; t < until; t += MINUTE) {
          while ((segments[index]?.until ?? until) <= t) index++;
          const segment = segments[index];
          const point = resolver.at(t);
          expect({ onCall: segment?.onCall, layers: segment?.layers }).toEqual(point);
        }
      }),
      { numRuns: 30, seed: 32 },
    );
  }, 120_000);
});
