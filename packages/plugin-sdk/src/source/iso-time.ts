// Only instants that name their zone: a bare "2024-01-15 10:20:30" would be read in the server's
// local zone, and `normalize` must give the same answer on every machine.
const ZONED_ISO_8601 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/i;

/**
 * An ISO 8601 instant with an explicit zone (RFC 3339, as Grafana, Alertmanager and Sentry send
 * them, nanoseconds included) as a UTC ISO string; `undefined` for anything else, and for Go's
 * zero time `0001-01-01T00:00:00Z`, which Alertmanager and Grafana send as `endsAt` while an alert
 * fires.
 *
 * @example isoTime('2021-10-12T09:51:03.157076+02:00') // '2021-10-12T07:51:03.157Z'
 * @example isoTime('0001-01-01T00:00:00Z') // undefined
 * @example isoTime('2024.01.15 10:20:30') // undefined: no zone
 */
export function isoTime(text: string | undefined): string | undefined {
  if (text === undefined || !ZONED_ISO_8601.test(text.trim())) return undefined;
  const date = new Date(text.trim());
  if (Number.isNaN(date.getTime()) || date.getUTCFullYear() <= 1) return undefined;
  return date.toISOString();
}

/**
 * A Unix time in seconds (as Sentry's `timestamp` and `received`) as a UTC ISO string; `undefined`
 * when it is not a finite positive number.
 *
 * @example isoTimeFromUnixSeconds(1566248777.677) // '2019-08-19T21:06:17.677Z'
 */
export function isoTimeFromUnixSeconds(seconds: number | undefined): string | undefined {
  if (seconds === undefined || !Number.isFinite(seconds) || seconds <= 0) return undefined;
  return new Date(Math.round(seconds * 1000)).toISOString();
}
