import { type ChannelError, PermanentError, RateLimitedError, TransientError } from './errors';
import { parseRetryAfterMs } from './retry-after';

/**
 * Used when a vendor answers 429 without saying how long to wait.
 *
 * @example classifyHttpStatus(429, null) // RateLimitedError with retryAfterMs === DEFAULT_RATE_LIMIT_DELAY_MS
 */
export const DEFAULT_RATE_LIMIT_DELAY_MS = 30_000;

/**
 * Extra facts for {@link classifyHttpStatus}.
 *
 * @example { now: ctx.clock.now(), detail: 'Bad Request: chat not found' }
 */
export interface ClassifyOptions {
  /** Reference time for an HTTP-date Retry-After; pass `ctx.clock.now()`. */
  readonly now?: Date;
  /** Vendor's own explanation, appended to the error message. */
  readonly detail?: string;
}

/**
 * Maps a failed HTTP status to the error a channel should throw: 429 → RateLimitedError (honouring
 * Retry-After), 408 and 5xx → TransientError, any other status → PermanentError. Call it only for
 * answers that are not a success.
 *
 * @example
 * if (!response.ok) {
 *   throw classifyHttpStatus(response.status, response.headers.get('retry-after'), { now: ctx.clock.now() });
 * }
 */
export function classifyHttpStatus(
  status: number,
  retryAfterHeader: string | null | undefined,
  options: ClassifyOptions = {},
): ChannelError {
  const message = options.detail ? `HTTP ${status}: ${options.detail}` : `HTTP ${status}`;
  if (status === 429) {
    const delay = parseRetryAfterMs(retryAfterHeader, options.now ?? new Date());
    return new RateLimitedError(delay ?? DEFAULT_RATE_LIMIT_DELAY_MS, message);
  }
  if (status === 408 || status >= 500) return new TransientError(message);
  return new PermanentError(message);
}
