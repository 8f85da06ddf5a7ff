import { toChannelError } from '@oncall/plugin-sdk';
import { type FailureKind, SendError } from '@oncall/workflows';

const KINDS: Record<'transient' | 'permanent' | 'rate_limited', FailureKind> = {
  transient: 'transient',
  permanent: 'permanent',
  rate_limited: 'rateLimited',
};

/**
 * A channel's failure in the words of the delivery decider: the SDK's TransientError,
 * PermanentError and RateLimitedError (from any copy of the SDK) keep their kind and Retry-After;
 * anything else counts as transient, so a bug cannot silently drop a page.
 */
export function toSendError(error: unknown): SendError {
  if (error instanceof SendError) return error;
  const channelError = toChannelError(error);
  const retryAfterMs = 'retryAfterMs' in channelError ? channelError.retryAfterMs : undefined;
  return new SendError(
    KINDS[channelError.kind],
    channelError.message,
    typeof retryAfterMs === 'number' ? retryAfterMs : undefined,
  );
}
