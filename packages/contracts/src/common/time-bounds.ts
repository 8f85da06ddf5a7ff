import { z } from 'zod';

/**
 * The last second of 9999 as unix seconds. Times from 1970 up to it are what both PostgreSQL
 * timestamps and JS dates hold, and what `Y-m-d` writes in four digits; outside, the database
 * refuses the statement, so the edge refuses the input first.
 */
export const LAST_UNIX_SECOND = 253_402_300_799;

const RANGE = 'between 0 (1970) and 253402300799 (the end of 9999)';

/** Unix seconds as legacy clients send them in query strings. */
export const unixSecondsField = (label: string) =>
  z.coerce
    .number({ error: `The ${label} must be unix seconds.` })
    .int(`The ${label} must be unix seconds.`)
    .min(0, `The ${label} must be ${RANGE}.`)
    .max(LAST_UNIX_SECOND, `The ${label} must be ${RANGE}.`);

/** Whether a date lies in the range `unixSecondsField` accepts. */
export function withinTimeBounds(date: Date): boolean {
  const ms = date.getTime();
  return ms >= 0 && ms <= LAST_UNIX_SECOND * 1000;
}
