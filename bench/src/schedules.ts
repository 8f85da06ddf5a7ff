/**
 * Who is on call, as the pager will ask it: 1,000 schedules resolved for "now", and one schedule's
 * 30-day calendar, against a same-run baseline that only parses each schedule's stored JSON
 * document (the work any read of a schedule does before resolving it). Each schedule has two layers
 * (a weekly rotation of 6; a daily and an hourly rotation with active windows) in Europe/London and
 * 20 overrides; instants are spread over a year so DST on both sides is crossed.
 * Usage: npm run bench:schedules  (BENCH_ROUNDS to change the rounds, 7 by default)
 */
import { type Schedule, ScheduleResolver } from '@oncall/schedules';

const rounds = Number(process.env.BENCH_ROUNDS ?? 7);
const COUNT = 1_000;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const START = Date.UTC(2026, 0, 1);

function scheduleNumber(n: number): Schedule {
  const people = (k: number) => Array.from({ length: k }, (_, i) => `user-${(n * 7 + i) % 500}`);
  return {
    id: `schedule-${n}`,
    teamId: `team-${n % 50}`,
    timeZone: n % 2 ? 'Europe/London' : 'America/Chicago',
    layers: [
      {
        id: 'base',
        priority: 0,
        rotations: [
          { id: 'weekly', unit: 'week', every: 1, startsAt: '2026-01-05T10:00', members: people(6) },
        ],
      },
      {
        id: 'business-hours',
        priority: 1,
        rotations: [
          {
            id: 'daily',
            unit: 'day',
            every: 1,
            startsAt: '2026-01-05T09:00',
            members: [...people(4), null],
            activeWindows: [{ weekdays: [1, 2, 3, 4, 5], start: '09:00', end: '17:00' }],
          },
          {
            id: 'hourly',
            unit: 'hour',
            every: 4,
            startsAt: '2026-01-05T00:00',
            members: people(3),
            activeWindows: [{ weekdays: [6, 7], start: '00:00', end: '00:00' }],
          },
        ],
      },
    ],
    overrides: Array.from({ length: 20 }, (_, i) => ({
      id: `override-${i}`,
      kind: 'add' as const,
      userId: `user-${(n + i) % 500}`,
      from: START + i * 17 * DAY,
      until: START + i * 17 * DAY + 6 * HOUR,
    })),
  };
}

const documents = Array.from({ length: COUNT }, (_, n) => JSON.stringify(scheduleNumber(n)));
const instants = Array.from({ length: COUNT }, (_, n) => START + ((n * 8_760_017) % (365 * DAY)));
let sink = 0;

function baseline(): number {
  const started = performance.now();
  for (const document of documents) sink += (JSON.parse(document) as Schedule).overrides.length;
  return performance.now() - started;
}

function resolveNow(): number {
  const started = performance.now();
  documents.forEach((document, n) => {
    const schedule = JSON.parse(document) as Schedule;
    sink += new ScheduleResolver(schedule).at(instants[n] ?? START).onCall.length;
  });
  return performance.now() - started;
}

function calendar30(): number {
  const schedule = JSON.parse(documents[1] ?? '') as Schedule;
  const started = performance.now();
  sink += new ScheduleResolver(schedule).between(START + 80 * DAY, START + 110 * DAY).length;
  return performance.now() - started;
}

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;
const runs = { baseline: [] as number[], now: [] as number[], calendar: [] as number[] };
resolveNow();
calendar30();
for (let round = 0; round < rounds; round++) {
  runs.baseline.push(baseline());
  runs.now.push(resolveNow());
  runs.calendar.push(calendar30());
}
const base = median(runs.baseline);
const now = median(runs.now);
const cal = median(runs.calendar);
console.log(`| Case (median of ${rounds} rounds) | Time | Per schedule | Ratio to baseline |`);
console.log('| --- | --- | --- | --- |');
console.log(
  `| baseline: parse 1,000 stored schedules | ${base.toFixed(1)} ms | ${((base / COUNT) * 1000).toFixed(1)} µs | 1.00× |`,
);
console.log(
  `| parse + who is on call, 1,000 schedules | ${now.toFixed(1)} ms | ${((now / COUNT) * 1000).toFixed(1)} µs | ${(now / base).toFixed(2)}× |`,
);
console.log(
  `| 30-day calendar of one schedule | ${cal.toFixed(1)} ms | | ${(cal / (base / COUNT)).toFixed(0)}× one parse |`,
);
if (sink < 0) console.log(sink);
