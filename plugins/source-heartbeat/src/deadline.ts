import type { PingDeadline } from '@oncall/plugin-sdk';
import { calendarToCron } from './calendar-expression';
import { nextCronRun } from './cron-schedule';
import { type HeartbeatSettings, storedHeartbeatSettingsSchema } from './heartbeat-settings';

/**
 * The next ping's deadline after a success ping at `from`: the schedule's next run (one period on,
 * or the cron expression's next run in its time zone), and that plus the grace.
 *
 * @example deadlineOf({ scheduleKind: 'interval', periodSeconds: 60, graceSeconds: 30, timeZone: 'UTC' }, t)
 * // { lateAt: t + 60 s, downAt: t + 90 s }
 */
export function deadlineOf(
  settings: Pick<
    HeartbeatSettings,
    'scheduleKind' | 'periodSeconds' | 'cron' | 'calendar' | 'timeZone' | 'graceSeconds'
  >,
  from: Date,
): PingDeadline {
  const cron =
    settings.scheduleKind === 'cron'
      ? settings.cron
      : settings.scheduleKind === 'calendar' && settings.calendar
        ? calendarToCron(settings.calendar)
        : null;
  const lateAt = cron
    ? nextCronRun(cron, settings.timeZone, from)
    : new Date(from.getTime() + (settings.periodSeconds ?? 86_400) * 1000);
  return { lateAt, downAt: new Date(lateAt.getTime() + settings.graceSeconds * 1000) };
}

/**
 * Settings already read, by the very object the host passed: the host keeps a rule's settings
 * (read-only) for as long as it caches the rule, so a ping after the first reads them for free.
 * Weak, so a rule the host forgets takes its entry with it.
 */
const readSettings = new WeakMap<object, HeartbeatSettings>();

/** The host's hook: settings as stored, read without the checks they passed when the rule was saved. */
export function deadline(settings: Readonly<Record<string, unknown>>, from: Date): PingDeadline {
  let read = readSettings.get(settings);
  if (read === undefined) {
    read = storedHeartbeatSettingsSchema.parse(settings);
    readSettings.set(settings, read);
  }
  return deadlineOf(read, from);
}
