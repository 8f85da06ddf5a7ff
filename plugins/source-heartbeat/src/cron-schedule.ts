import { CronExpressionParser } from 'cron-parser';

/**
 * The first run of a cron expression strictly after `from`, in a time zone. cron-parser walks
 * wall-clock time in that zone: a run in an hour skipped by a spring-forward change falls in the
 * hour after it, a run in an hour repeated by a fall-back change is due once, at its first
 * occurrence (what cron daemons do), and the process time zone never matters.
 *
 * @example nextCronRun('0 9 * * *', 'Europe/London', new Date('2026-03-28T12:00:00Z')) // 2026-03-29T08:00:00Z
 */
export function nextCronRun(expression: string, timeZone: string, from: Date): Date {
  return CronExpressionParser.parse(expression, { tz: timeZone, currentDate: from }).next().toDate();
}

/** Why a cron expression cannot be used, or null when it can (five or six fields). */
export function cronProblem(expression: string): string | null {
  const fields = expression.trim().split(/\s+/).length;
  if (fields < 5 || fields > 6) return 'The cron expression must have five fields (or six, with seconds).';
  try {
    CronExpressionParser.parse(expression, { strict: false });
    return null;
  } catch (error) {
    return `The cron expression is not valid: ${error instanceof Error ? error.message : String(error)}`;
  }
}
