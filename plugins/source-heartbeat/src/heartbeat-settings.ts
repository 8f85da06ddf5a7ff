import { z } from '@oncall/plugin-sdk';
import { calendarToCron } from './calendar-expression';
import { cronProblem } from './cron-schedule';
import { isTimeZone } from './time-zone';

/** A year: longer schedules are more likely a typo than a job. */
const MAX_SECONDS = 366 * 24 * 3600;

const seconds = (label: string, min: number) =>
  z
    .number({ error: `The ${label} must be an integer.` })
    .int(`The ${label} must be an integer.`)
    .min(min, `The ${label} must be at least ${min}.`)
    .max(MAX_SECONDS, `The ${label} may not be greater than ${MAX_SECONDS}.`);

/**
 * What a heartbeat rule stores. `scheduleKind` `interval`: a success ping is expected every
 * `periodSeconds`; `cron`: at each run of `cron` in `timeZone` (IANA; default UTC); `calendar`:
 * at each run of a systemd `OnCalendar` expression (`calendar`) in `timeZone`. Either way
 * the rule fires `graceSeconds` after a ping was expected and did not come. Flat fields, as every
 * other rule type's, so forms and legacy clients edit them one by one.
 *
 * @example { scheduleKind: 'interval', periodSeconds: 3600, graceSeconds: 300 }
 * @example { scheduleKind: 'cron', cron: '30 2 * * *', timeZone: 'Europe/London', graceSeconds: 1800 }
 */
export const heartbeatSettingsSchema = z
  .object({
    scheduleKind: z.enum(['interval', 'cron', 'calendar'], {
      error: 'The schedule kind must be interval, cron or calendar.',
    }),
    periodSeconds: seconds('period', 1).nullish(),
    cron: z.string({ error: 'The cron field must be a string.' }).trim().max(200).nullish(),
    calendar: z.string({ error: 'The calendar field must be a string.' }).trim().max(200).nullish(),
    timeZone: z
      .string({ error: 'The time zone must be a string.' })
      .max(64)
      .refine(isTimeZone, 'The time zone must be an IANA time zone, such as Europe/London.')
      .default('UTC'),
    graceSeconds: seconds('grace', 0).default(3600),
  })
  .superRefine((settings, ctx) => {
    if (
      settings.scheduleKind === 'interval' &&
      (settings.periodSeconds === undefined || settings.periodSeconds === null)
    ) {
      ctx.addIssue({
        code: 'custom',
        path: ['periodSeconds'],
        message: 'The period field is required for an interval schedule.',
      });
    }
    if (settings.scheduleKind === 'cron') {
      const problem = settings.cron
        ? cronProblem(settings.cron)
        : 'The cron field is required for a cron schedule.';
      if (problem) ctx.addIssue({ code: 'custom', path: ['cron'], message: problem });
    }
    if (settings.scheduleKind === 'calendar') {
      const cron = settings.calendar ? calendarToCron(settings.calendar) : null;
      if (!cron || cronProblem(cron)) {
        ctx.addIssue({
          code: 'custom',
          path: ['calendar'],
          message: settings.calendar
            ? 'The calendar expression must be a systemd OnCalendar form such as "Mon..Fri *-*-* 09:30" or "daily" (no year, no time zone: use timeZone).'
            : 'The calendar field is required for a calendar schedule.',
        });
      }
    }
  });

export type HeartbeatSettings = z.output<typeof heartbeatSettingsSchema>;

/**
 * Settings as stored, read on every ping: already checked by `heartbeatSettingsSchema` when the
 * rule was saved, so without its refinements (a time zone check builds an `Intl.DateTimeFormat`,
 * a cron check parses the expression: together most of a ping's CPU).
 */
export const storedHeartbeatSettingsSchema = z.object({
  scheduleKind: z.enum(['interval', 'cron', 'calendar']),
  periodSeconds: z.number().nullish(),
  cron: z.string().nullish(),
  calendar: z.string().nullish(),
  timeZone: z.string().default('UTC'),
  graceSeconds: z.number().default(3600),
});
