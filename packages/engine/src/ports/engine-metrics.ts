import type { DeliveryAttemptRecord, DeliveryOutcome } from '@oncall/workflows';
import type { QueueName } from '../driver/queues';
import type { DeliveryLane } from './delivery-lane';

/** What became of a job whose handler threw. */
export type JobFailureOutcome = 'retried' | 'failed';

/** Why a handler threw: a bug (bounded retries), or anything else (retried until retention). */
export type JobFailureCause = 'programming_error' | 'other';

/**
 * Counters the engine reports as it works, for `/metrics`. Every label is one of a fixed set (lanes,
 * queues, outcomes), never an id. The server implements it over prom-client; the default does nothing.
 */
export interface EngineMetrics {
  /** One delivery attempt was made and recorded. */
  attemptRecorded(lane: DeliveryLane, outcome: DeliveryAttemptRecord['outcome']): void;
  /** A delivery ended: delivered, failed after its whole chain, or cancelled. */
  deliveryFinished(lane: DeliveryLane, outcome: DeliveryOutcome): void;
  /** A delivery moved on from a provider config to the next of its chain (the backup). */
  failedOver(lane: DeliveryLane): void;
  /** A job's handler threw. */
  jobFailed(queue: QueueName, outcome: JobFailureOutcome, cause: JobFailureCause): void;
}

export const NO_ENGINE_METRICS: EngineMetrics = {
  attemptRecorded: () => undefined,
  deliveryFinished: () => undefined,
  failedOver: () => undefined,
  jobFailed: () => undefined,
};

/** One queue's backlog as `/metrics` shows it. */
export interface QueueStats {
  readonly queue: QueueName;
  /** Jobs due now and not yet taken by a worker. */
  readonly queued: number;
  /** Jobs waiting for their time (backoff timers, flow waits, auto-resolve timers). */
  readonly delayed: number;
  readonly active: number;
  /** Jobs that failed for good and are still kept (pg-boss's `failed` state). */
  readonly failed: number;
  /** How long the oldest due job has waited since it became due, in seconds; 0 when none waits. */
  readonly oldestQueuedSeconds: number;
}
