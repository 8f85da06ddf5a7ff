import { checkSourceDefinition } from '@oncall/plugin-sdk';
import { describe, expect, it } from 'vitest';
import heartbeat, { deadlineOf, heartbeatSettingsSchema } from '../src/index';

const at = (iso: string) => new Date(iso);
const cron = (expression: string, timeZone: string, graceSeconds = 0) =>
  heartbeatSettingsSchema.parse({ scheduleKind: 'cron', cron: expression, timeZone, graceSeconds });
/** The deadlines of a job that pings right at each expected time, from `from` on. */
function runs(settings: ReturnType<typeof cron>, from: string, count: number): string[] {
  const out: string[] = [];
  let last = at(from);
  for (let i = 0; i < count; i++) {
    last = deadlineOf(settings, last).lateAt;
    out.push(last.toISOString());
  }
  return out;
}

describe('heartbeat schedules', () => {
  it('is a valid source definition', () => {
    expect(() => checkSourceDefinition(heartbeat)).not.toThrow();
  });

  it('expects an interval ping one period on, and fires one grace later', () => {
    const settings = heartbeatSettingsSchema.parse({
      scheduleKind: 'interval',
      periodSeconds: 60,
      graceSeconds: 30,
    });
    expect(deadlineOf(settings, at('2026-01-01T00:00:00Z'))).toEqual({
      lateAt: at('2026-01-01T00:01:00Z'),
      downAt: at('2026-01-01T00:01:30Z'),
    });
  });

  describe('cron in Europe/London', () => {
    it('keeps 09:00 local across the spring-forward change (GMT to BST, 29 March 2026)', () => {
      expect(runs(cron('0 9 * * *', 'Europe/London'), '2026-03-27T12:00:00Z', 3)).toEqual([
        '2026-03-28T09:00:00.000Z',
        '2026-03-29T08:00:00.000Z',
        '2026-03-30T08:00:00.000Z',
      ]);
    });

    it('keeps 09:00 local across the fall-back change (BST to GMT, 25 October 2026)', () => {
      expect(runs(cron('0 9 * * *', 'Europe/London'), '2026-10-23T12:00:00Z', 3)).toEqual([
        '2026-10-24T08:00:00.000Z',
        '2026-10-25T09:00:00.000Z',
        '2026-10-26T09:00:00.000Z',
      ]);
    });

    it('expects a run in the skipped hour once, an hour on, and one in the repeated hour once', () => {
      // 01:30 does not exist on 29 March (01:00 GMT jumps to 02:00 BST).
      expect(runs(cron('30 1 * * *', 'Europe/London'), '2026-03-28T12:00:00Z', 2)).toEqual([
        '2026-03-29T01:30:00.000Z',
        '2026-03-30T00:30:00.000Z',
      ]);
      // 01:30 happens twice on 25 October: the job is expected at the first.
      expect(runs(cron('30 1 * * *', 'Europe/London'), '2026-10-24T12:00:00Z', 2)).toEqual([
        '2026-10-25T00:30:00.000Z',
        '2026-10-26T01:30:00.000Z',
      ]);
    });
  });

  describe('cron in America/Chicago', () => {
    it('keeps 02:30 local across spring forward (8 March 2026), the skipped 02:30 an hour on', () => {
      expect(runs(cron('30 2 * * *', 'America/Chicago'), '2026-03-07T12:00:00Z', 3)).toEqual([
        '2026-03-08T08:30:00.000Z',
        '2026-03-09T07:30:00.000Z',
        '2026-03-10T07:30:00.000Z',
      ]);
    });

    it('expects the repeated 01:30 of fall back (1 November 2026) once', () => {
      expect(runs(cron('30 1 * * *', 'America/Chicago'), '2026-10-31T12:00:00Z', 3)).toEqual([
        '2026-11-01T06:30:00.000Z',
        '2026-11-02T07:30:00.000Z',
        '2026-11-03T07:30:00.000Z',
      ]);
    });

    it('counts every real half hour through the repeated hour, with the grace after each', () => {
      const settings = cron('*/30 * * * *', 'America/Chicago', 120);
      expect(runs(settings, '2026-11-01T05:50:00Z', 5)).toEqual([
        '2026-11-01T06:00:00.000Z',
        '2026-11-01T06:30:00.000Z',
        '2026-11-01T07:00:00.000Z',
        '2026-11-01T07:30:00.000Z',
        '2026-11-01T08:00:00.000Z',
      ]);
      expect(deadlineOf(settings, at('2026-11-01T06:40:00Z')).downAt).toEqual(at('2026-11-01T07:02:00Z'));
    });
  });

  it('never depends on the process time zone', () => {
    const settings = cron('0 9 * * *', 'Europe/London');
    const before = process.env.TZ;
    process.env.TZ = 'Asia/Tokyo';
    try {
      expect(deadlineOf(settings, at('2026-03-28T12:00:00Z')).lateAt).toEqual(at('2026-03-29T08:00:00Z'));
    } finally {
      process.env.TZ = before;
    }
  });

  it('refuses schedules that cannot work, at their field', () => {
    const paths = (value: unknown) =>
      heartbeatSettingsSchema.safeParse(value).error?.issues.map((issue) => issue.path.join('.'));
    expect(paths({ scheduleKind: 'cron', cron: '61 * * * *' })).toEqual(['cron']);
    expect(paths({ scheduleKind: 'cron', cron: '0 9 * * *', timeZone: 'Nowhere/Land' })).toEqual([
      'timeZone',
    ]);
    expect(paths({ scheduleKind: 'interval', periodSeconds: 0 })).toEqual(['periodSeconds']);
    expect(paths({ scheduleKind: 'weekly' })).toEqual(['scheduleKind']);
  });

  it('reads systemd OnCalendar expressions in the rule time zone', () => {
    const calendar = (expression: string) =>
      heartbeatSettingsSchema.parse({
        scheduleKind: 'calendar',
        calendar: expression,
        timeZone: 'Europe/London',
      });
    expect(runs(calendar('Mon..Fri *-*-* 09:30'), '2026-03-27T12:00:00Z', 2)).toEqual([
      '2026-03-30T08:30:00.000Z',
      '2026-03-31T08:30:00.000Z',
    ]);
    expect(runs(calendar('daily'), '2026-10-24T12:00:00Z', 2)).toEqual([
      '2026-10-24T23:00:00.000Z',
      '2026-10-26T00:00:00.000Z',
    ]);
    expect(runs(calendar('*:0/15'), '2026-03-27T12:05:00Z', 1)).toEqual(['2026-03-27T12:15:00.000Z']);
    const paths = (value: string) =>
      heartbeatSettingsSchema
        .safeParse({ scheduleKind: 'calendar', calendar: value })
        .error?.issues.map((issue) => issue.path.join('.'));
    expect(paths('2026-*-* 00:00')).toEqual(['calendar']);
    expect(paths('Funday 10:00')).toEqual(['calendar']);
  });
});

describe('the host hook reading stored settings', () => {
  it('reads each settings object the host passes on its own: an edited rule gets its new schedule', () => {
    const hook = heartbeat.heartbeat;
    if (!hook) throw new Error('the heartbeat source has a heartbeat hook');
    const from = at('2026-01-01T00:00:00Z');
    const before = { scheduleKind: 'interval', periodSeconds: 60, graceSeconds: 30, timeZone: 'UTC' };
    expect(hook.deadline(before, from).lateAt.toISOString()).toBe('2026-01-01T00:01:00.000Z');
    // Read again (cached): the same answer.
    expect(hook.deadline(before, from).lateAt.toISOString()).toBe('2026-01-01T00:01:00.000Z');
    // The rule edited: the host reads it afresh, a new settings object with the new schedule.
    const after = { scheduleKind: 'cron', cron: '30 2 * * *', graceSeconds: 600, timeZone: 'UTC' };
    expect(hook.deadline(after, from)).toEqual({
      lateAt: at('2026-01-01T02:30:00Z'),
      downAt: at('2026-01-01T02:40:00Z'),
    });
    expect(hook.deadline(before, from).lateAt.toISOString()).toBe('2026-01-01T00:01:00.000Z');
  });
});
