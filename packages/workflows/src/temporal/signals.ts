import { defineSignal } from '@temporalio/workflow';

/** Stops a flow: someone acknowledged the alert. */
export const acknowledgeSignal = defineSignal('acknowledge');

/** Stops a flow, or cancels an auto-resolve timer: the instance was resolved another way. */
export const resolveSignal = defineSignal('resolve');

/** Stops a delivery (after the attempt in flight, which is still recorded). */
export const cancelSignal = defineSignal('cancel');

export interface RearmSignal {
  /** Epoch milliseconds of the new fire. */
  readonly firedAt: number;
}

/**
 * The instance fired again: move the auto-resolve deadline. Send it with `signalWithStart`, so the
 * first fire starts the timer and later fires re-arm it.
 */
export const rearmSignal = defineSignal<[RearmSignal]>('rearm');
