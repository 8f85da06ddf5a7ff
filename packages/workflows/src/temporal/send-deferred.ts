/**
 * The `ApplicationFailure` type of a send the `sendNotification` activity deferred (`SendDeferred`:
 * the destination's pacing, or the vendor's `429`): the vendor did not take the message, so it is no
 * attempt. The delivery workflow sleeps the wait in its single `details` entry and asks again with
 * the same request. Shared by both sides, so it stays free of imports that could not run in the
 * workflow sandbox.
 */
export const SEND_DEFERRED_FAILURE_TYPE = 'SendDeferred';

/** What the activity attaches to a deferral as the single `details` entry. */
export interface SendDeferredDetails {
  readonly waitMs: number;
}

/** The shortest wait a deferral sleeps, should its details be missing or unreadable. */
const FALLBACK_WAIT_MS = 1_000;

/**
 * The wait a deferral asked for.
 *
 * @example
 * deferredWaitMs([{ waitMs: 2500 }]); // 2500
 */
export function deferredWaitMs(details: readonly unknown[] | null | undefined): number {
  const first = details?.[0];
  const waitMs = typeof first === 'object' && first !== null && 'waitMs' in first ? first.waitMs : undefined;
  return typeof waitMs === 'number' && waitMs >= 0 ? waitMs : FALLBACK_WAIT_MS;
}
