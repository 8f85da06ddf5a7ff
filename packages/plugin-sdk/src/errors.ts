/**
 * The three ways a send can fail, as the host's retry policy sees them. `kind` is stable across
 * SDK versions, so the host can classify errors thrown by a plugin compiled against another copy
 * of this package.
 *
 * @example const retryable = (kind: ChannelErrorKind) => kind !== 'permanent';
 */
export type ChannelErrorKind = 'transient' | 'permanent' | 'rate_limited';

/**
 * Base class of every failure a channel reports. Throw one of its subclasses, never this.
 *
 * @example
 * try { await instance.send(message, options) } catch (error) {
 *   if (error instanceof ChannelError && error.kind === 'permanent') markFailed();
 * }
 */
export abstract class ChannelError extends Error {
  abstract readonly kind: ChannelErrorKind;
}

/**
 * The vendor may accept the same send later: network failures, timeouts, 5xx, 408.
 * The host retries with backoff and then falls back to the backup provider config.
 *
 * @example throw new TransientError('SMTP 451: try again later', { cause: error });
 */
export class TransientError extends ChannelError {
  readonly kind = 'transient';
  override readonly name: string = 'TransientError';
}

/**
 * Retrying the same send cannot succeed: bad credentials, an invalid destination, a refused
 * target address. The host stops retrying this config.
 *
 * @example throw new PermanentError('Telegram 403: bot was blocked by the user');
 */
export class PermanentError extends ChannelError {
  readonly kind = 'permanent';
  override readonly name: string = 'PermanentError';
}

/**
 * The vendor asked to slow down; the host waits at least `retryAfterMs` before the next attempt.
 *
 * @example throw new RateLimitedError(30_000, 'Telegram 429: Too Many Requests');
 */
export class RateLimitedError extends ChannelError {
  readonly kind = 'rate_limited';
  override readonly name: string = 'RateLimitedError';

  constructor(
    readonly retryAfterMs: number,
    message = `Rate limited; retry after ${retryAfterMs} ms`,
    options?: ErrorOptions,
  ) {
    super(message, options);
  }
}
