import { InvalidArgumentError } from 'commander';

const UNITS: Record<string, number> = { s: 1, m: 60, h: 3600, d: 86_400, w: 604_800 };

/**
 * A point in time as users type it: `now`, an age (`90m`, `24h`, `7d`, also `-24h`), Unix seconds,
 * or an ISO date (`2026-11-28`, `2026-11-28T10:00Z`, `2026-11-28 10:00`, read as UTC without a zone).
 * Answers Unix seconds.
 */
export function parseTimeArgument(text: string, now = Date.now()): number {
  const value = text.trim();
  const nowSeconds = Math.floor(now / 1000);
  if (value === 'now') return nowSeconds;
  const age = /^-?(\d+)([smhdw])$/.exec(value);
  if (age) return nowSeconds - Number(age[1]) * (UNITS[age[2] ?? 's'] ?? 1);
  if (/^\d{9,11}$/.test(value)) return Number(value);
  const iso = value.replace(' ', 'T');
  const withZone = /(Z|[+-]\d{2}:?\d{2})$/.test(iso) || /^\d{4}-\d{2}-\d{2}$/.test(iso) ? iso : `${iso}Z`;
  const date = new Date(withZone);
  if (Number.isNaN(date.getTime())) {
    throw new InvalidArgumentError(
      'expected now, an age (24h, 7d), Unix seconds or a date (2026-11-28 10:00).',
    );
  }
  return Math.floor(date.getTime() / 1000);
}
