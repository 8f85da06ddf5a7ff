/**
 * Parses an HTTP Retry-After value (delta-seconds or an HTTP-date) into milliseconds from `now`.
 * Returns undefined when the header is absent or unreadable.
 *
 * @example parseRetryAfterMs('7', new Date()) // 7000
 */
export function parseRetryAfterMs(header: string | null | undefined, now: Date): number | undefined {
  const value = header?.trim();
  if (!value) return undefined;
  if (/^\d+(\.\d+)?$/.test(value)) return Math.round(Number(value) * 1000);
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now.getTime());
}
