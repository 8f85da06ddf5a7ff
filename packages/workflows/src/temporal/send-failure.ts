import type { FailureKind } from '../delivery/types';

/**
 * The `ApplicationFailure` types the `sendNotification` activity throws, one per failure kind; the
 * delivery workflow maps them back to `attemptFailed`. Shared by both sides, so it stays free of
 * imports that could not run in the workflow sandbox.
 */
export const SEND_FAILURE_TYPES: Readonly<Record<FailureKind, string>> = {
  transient: 'TransientSendError',
  permanent: 'PermanentSendError',
  rateLimited: 'RateLimitedSendError',
};

/** What the activity attaches to its failure as the single `details` entry. */
export interface SendFailureDetails {
  readonly latencyMs: number;
  readonly retryAfterMs?: number;
}

/**
 * The failure kind of an `ApplicationFailure` type; an unknown type (a timeout, a bug) is transient.
 *
 * @example
 * sendFailureKind('PermanentSendError'); // 'permanent'
 */
export function sendFailureKind(type: string | null | undefined): FailureKind {
  if (type === SEND_FAILURE_TYPES.permanent) return 'permanent';
  if (type === SEND_FAILURE_TYPES.rateLimited) return 'rateLimited';
  return 'transient';
}

/**
 * Reads the details the activity attached, tolerating their absence (failures not thrown by it).
 *
 * @example
 * readSendFailureDetails([{ latencyMs: 120, retryAfterMs: 30000 }]); // { latencyMs: 120, retryAfterMs: 30000 }
 */
export function readSendFailureDetails(
  details: readonly unknown[] | null | undefined,
): Partial<SendFailureDetails> {
  const first = details?.[0];
  if (typeof first !== 'object' || first === null) return {};
  const latencyMs = 'latencyMs' in first ? first.latencyMs : undefined;
  const retryAfterMs = 'retryAfterMs' in first ? first.retryAfterMs : undefined;
  return {
    ...(typeof latencyMs === 'number' ? { latencyMs } : {}),
    ...(typeof retryAfterMs === 'number' ? { retryAfterMs } : {}),
  };
}
