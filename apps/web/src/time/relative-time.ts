const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['day', 86_400],
  ['hour', 3_600],
  ['minute', 60],
];

/**
 * How long ago a moment was, in words ("5 minutes ago", "just now"), in the user's language. The
 * largest whole unit is used, as a glance at a phone needs.
 */
export function relativeTime(at: Date, now: Date, locale?: string): string {
  const seconds = Math.round((at.getTime() - now.getTime()) / 1000);
  if (Math.abs(seconds) < 45) return 'just now';
  const format = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
  for (const [unit, size] of UNITS) {
    if (Math.abs(seconds) >= size) return format.format(Math.trunc(seconds / size), unit);
  }
  return format.format(seconds < 0 ? -1 : 1, 'minute');
}

/** The moment in full, in the user's time zone (for a tooltip beside the relative time). */
export function fullTime(at: Date, locale?: string): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'medium' }).format(at);
}
