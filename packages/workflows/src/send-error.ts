import type { FailureKind } from './delivery/types';

/**
 * The error a `ChannelSender` throws to say how a send failed, which decides whether the delivery
 * retries the provider, moves to the backup, or waits for Retry-After.
 *
 * @example
 * throw new SendError('rateLimited', 'providerOne answered 429', 30_000);
 */
export class SendError extends Error {
  override readonly name = 'SendError';

  constructor(
    readonly kind: FailureKind,
    message: string,
    readonly retryAfterMs?: number,
  ) {
    super(message);
  }
}

/** How a send failed, read from whatever a sender threw. */
export interface SendFailure {
  readonly kind: FailureKind;
  readonly message: string;
  readonly retryAfterMs?: number;
}

/**
 * Reads the failure kind structurally, so errors of other packages (the plugin SDK's) that carry a
 * `kind` work without a mapping. Anything else is transient: an unexpected error must not drop a page.
 *
 * @example
 * classifySendError(new SendError('permanent', 'invalid number')); // { kind: 'permanent', message: 'invalid number' }
 * classifySendError(new Error('ECONNRESET')); // { kind: 'transient', message: 'ECONNRESET' }
 */
export function classifySendError(error: unknown): SendFailure {
  const message = error instanceof Error ? error.message : String(error);
  if (typeof error !== 'object' || error === null) return { kind: 'transient', message };
  const kind = 'kind' in error ? failureKindOf(error.kind) : 'transient';
  const retryAfterMs = 'retryAfterMs' in error ? error.retryAfterMs : undefined;
  return {
    kind,
    message,
    ...(typeof retryAfterMs === 'number' && retryAfterMs >= 0 ? { retryAfterMs } : {}),
  };
}

function failureKindOf(value: unknown): FailureKind {
  if (value === 'permanent') return 'permanent';
  // The plugin SDK's ChannelError spells it `rate_limited`.
  if (value === 'rateLimited' || value === 'rate_limited') return 'rateLimited';
  return 'transient';
}

/**
 * What a `ChannelSender` throws when a send may not go now: the destination's pacing (declared by
 * its channel) or the vendor's `429` asks for a wait. The vendor was not called, or refused the
 * message, so this is no attempt: the driver asks again with the same request (same attempt, same
 * idempotency key) after `waitMs`, holding no worker meanwhile, and records nothing.
 *
 * @example throw new SendDeferred(4_000, 'paced: 1 send per 1000 ms per chat');
 */
export class SendDeferred extends Error {
  override readonly name = 'SendDeferred';

  constructor(
    readonly waitMs: number,
    message: string,
  ) {
    super(message);
  }
}
