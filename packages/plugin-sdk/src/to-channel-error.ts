import { ChannelError, PermanentError, RateLimitedError, TransientError } from './errors';

/**
 * Normalizes anything a send threw into a ChannelError. Errors made by another copy of the SDK are
 * recognised by their `kind`; anything else (a bug, a vendor library's own error) counts as
 * transient, so the host's bounded retries and backup config get a chance before giving up.
 *
 * @example
 * const failure = toChannelError(await instance.send(m, o).catch((e: unknown) => e));
 */
export function toChannelError(error: unknown): ChannelError {
  if (error instanceof ChannelError) return error;
  const message = error instanceof Error ? error.message : String(error);
  const kind = kindOf(error);
  if (kind === 'permanent') return new PermanentError(message, { cause: error });
  if (kind === 'rate_limited') return new RateLimitedError(retryAfterOf(error), message, { cause: error });
  return new TransientError(message, { cause: error });
}

function kindOf(error: unknown): unknown {
  return typeof error === 'object' && error !== null && 'kind' in error ? error.kind : undefined;
}

function retryAfterOf(error: unknown): number {
  const value =
    typeof error === 'object' && error !== null && 'retryAfterMs' in error ? error.retryAfterMs : 0;
  return typeof value === 'number' && Number.isFinite(value) ? value : 0;
}
