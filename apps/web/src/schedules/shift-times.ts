const sameDay = (a: Date, b: Date) =>
  a.getFullYear() === b.getFullYear() && a.getMonth() === b.getMonth() && a.getDate() === b.getDate();

/** A local time of day ("09:00"), in the user's time zone. */
export function clockText(at: number, locale?: string): string {
  return new Intl.DateTimeFormat(locale, { hour: '2-digit', minute: '2-digit' }).format(at);
}

/** A local day as a heading ("Mon, 30 Nov"). */
export function dayText(at: number, locale?: string): string {
  return new Intl.DateTimeFormat(locale, { weekday: 'short', day: 'numeric', month: 'short' }).format(at);
}

/**
 * A shift's range in the user's time zone: "Mon, 30 Nov 09:00 – 17:00" within a day, both days
 * named when it crosses midnight.
 */
export function rangeText(from: number, until: number, locale?: string): string {
  const start = `${dayText(from, locale)} ${clockText(from, locale)}`;
  // An end at midnight belongs to the day before it, as "until 24:00" would.
  const end = sameDay(new Date(from), new Date(until - 1))
    ? clockText(until, locale)
    : `${dayText(until, locale)} ${clockText(until, locale)}`;
  return `${start} – ${end}`;
}

/** The value a `datetime-local` input shows for an instant, in the user's time zone. */
export function localInputValue(at: number): string {
  const date = new Date(at);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** The instant a `datetime-local` value names in the user's time zone (ISO, for the server); null if blank or not a date. */
export function instantOfLocalInput(value: string): string | null {
  const at = new Date(value);
  return value && Number.isFinite(at.getTime()) ? at.toISOString() : null;
}
