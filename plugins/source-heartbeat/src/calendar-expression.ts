/**
 * A systemd `OnCalendar` expression as a cron expression (six fields, seconds first), for the
 * forms timers are written in: the shorthands (`minutely`, `hourly`, `daily`, `weekly`,
 * `monthly`, `yearly`/`annually`), and `[weekdays] [*-month-day] hour:minute[:second]` where
 * weekdays are names, lists and `..` ranges (`Mon..Fri`, `Sat,Sun`), and each number is `*`, a
 * number, a list or `start/step` (`*:0/15`). Years must be `*`; the time zone is the rule's
 * `timeZone`, not part of the expression. Answers null for anything else.
 *
 * @example calendarToCron('Mon..Fri *-*-* 09:30') // '0 30 9 * * 1-5'
 * @example calendarToCron('daily') // '0 0 0 * * *'
 */
export function calendarToCron(expression: string): string | null {
  const text = expression.trim().replace(/\s+/g, ' ');
  const shorthand = SHORTHANDS[text.toLowerCase()];
  if (shorthand) return shorthand;
  const parts = text.split(' ');
  let weekdays = '*';
  if (parts[0] !== undefined && /^[A-Za-z]/.test(parts[0])) {
    const days = weekdaysField(parts.shift() ?? '');
    if (days === null) return null;
    weekdays = days;
  }
  const time = parts.pop();
  const date = parts.shift() ?? '*-*-*';
  if (time === undefined || parts.length > 0) return null;
  const dateFields = date.split('-');
  const [year, month, day] = dateFields.length === 2 ? ['*', ...dateFields] : dateFields;
  if (dateFields.length < 2 || dateFields.length > 3 || year !== '*') return null;
  const [hour, minute, second = '0'] = time.split(':');
  const fields = [second, minute, hour, day, month].map((field) => numberField(field));
  if (fields.some((field) => field === null)) return null;
  const [s, m, h, d, mo] = fields as string[];
  return `${s} ${m} ${h} ${d} ${mo} ${weekdays}`;
}

const SHORTHANDS: Readonly<Record<string, string>> = {
  minutely: '0 * * * * *',
  hourly: '0 0 * * * *',
  daily: '0 0 0 * * *',
  weekly: '0 0 0 * * 1',
  monthly: '0 0 0 1 * *',
  yearly: '0 0 0 1 1 *',
  annually: '0 0 0 1 1 *',
};

const DAYS = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'];

function dayNumber(name: string): number | null {
  const at = DAYS.indexOf(name.slice(0, 3).toLowerCase());
  return at < 0 ? null : at;
}

/** `Mon..Fri,Sun` as cron's `1-5,0`; null when a name is unknown. */
function weekdaysField(text: string): string | null {
  const items = text.split(',').map((item) => {
    const [from, to, ...rest] = item.split('..');
    if (from === undefined || rest.length > 0) return null;
    const start = dayNumber(from);
    if (start === null) return null;
    if (to === undefined) return String(start);
    const end = dayNumber(to);
    return end === null ? null : `${start}-${end}`;
  });
  return items.some((item) => item === null) ? null : items.join(',');
}

/** A star, a number, a list, each optionally with a step (`0/15`): the same in cron; else null. */
function numberField(text: string | undefined): string | null {
  if (text === undefined || text === '') return null;
  if (!/^(\*|\d{1,2}(,\d{1,2})*)(\/\d{1,2})?$/.test(text)) return null;
  // Leading zeros (`09`) as cron reads them.
  return text.replace(/\d+/g, (n) => String(Number(n)));
}
