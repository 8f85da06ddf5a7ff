/**
 * Whether `name` is an IANA time zone this runtime knows (`Europe/London`, `UTC`). Node's ICU data
 * is the source of truth: the schedule is computed with the same data.
 */
export function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}
