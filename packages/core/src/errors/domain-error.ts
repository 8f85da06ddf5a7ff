/** Stable machine-readable codes; every transport maps each to exactly one status in one place. */
export type ErrorCode =
  | 'unauthenticated'
  | 'forbidden'
  | 'not_found'
  | 'validation_failed'
  | 'rate_limited'
  | 'too_many_streams'
  | 'conflict'
  | 'unavailable'
  | 'source_unavailable'
  | 'zone_unreachable'
  | 'managed_by_main';

/** Field path (`endpointIds.0`) → messages, the shape legacy clients read under `errors`. */
export type FieldErrors = Record<string, string[]>;

export class DomainError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly fieldErrors?: FieldErrors,
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = 'DomainError';
  }
}

export const unauthenticated = (message = 'Unauthenticated.') => new DomainError('unauthenticated', message);

export const forbidden = (message = 'This action is unauthorized.') => new DomainError('forbidden', message);

export const notFound = (what: string) => new DomainError('not_found', `${what} not found.`);

export const validationFailed = (fieldErrors: FieldErrors, message?: string) =>
  new DomainError('validation_failed', message ?? firstMessage(fieldErrors), fieldErrors);

/** The record is no longer in a state the request can act on (e.g. a transfer already decided). */
export const conflict = (message: string) => new DomainError('conflict', message);

export const rateLimited = (retryAfterSeconds: number, message = 'Too many attempts. Try again later.') =>
  new DomainError('rate_limited', message, undefined, Math.max(1, Math.ceil(retryAfterSeconds)));

/**
 * The caller already holds as many live streams as it may (or the process as many as it takes):
 * a stream is refused at once, never queued, and one closed frees a place.
 */
export const tooManyStreams = (message: string) => new DomainError('too_many_streams', message);

/** How long a caller told "unavailable" waits before trying again, by default. */
const UNAVAILABLE_RETRY_AFTER_SECONDS = 5;

/**
 * The database (or the queue in front of it) could not take the request in time. Nothing the
 * caller asked for is known to be stored: sending it again is safe and right.
 */
export const unavailable = (
  message = 'The service cannot reach its database right now. Try again shortly.',
  retryAfterSeconds = UNAVAILABLE_RETRY_AFTER_SECONDS,
) => new DomainError('unavailable', message, undefined, Math.max(1, Math.ceil(retryAfterSeconds)));

/**
 * A data source (a monitoring system the service reads a list from) did not answer in time or
 * refused: the caller's request was fine, the system behind it was not. `message` names the data
 * source and the reason, for the operator who can fix it.
 */
export const sourceUnavailable = (message: string) => new DomainError('source_unavailable', message);

/**
 * The agent zone a request was forwarded to (`X-Cluster`) did not answer in time or could not be
 * reached: the request may or may not have been carried out there.
 */
export const zoneUnreachable = (message: string) => new DomainError('zone_unreachable', message);

function firstMessage(fieldErrors: FieldErrors): string {
  const [field, messages] = Object.entries(fieldErrors)[0] ?? [];
  return field && messages?.[0] ? messages[0] : 'The given data was invalid.';
}
