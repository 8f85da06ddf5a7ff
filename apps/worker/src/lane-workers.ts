import { DELIVERY_LANES, laneTaskQueue, type SlowLaneTuning } from '@oncall/engine';

/** One Temporal worker of this process: the task queue it polls, and its activity slots if bounded. */
export interface LaneWorker {
  readonly taskQueue: string;
  /** Absent for the page lane's worker: the SDK's default (100). */
  readonly maxConcurrentActivityTaskExecutions?: number;
}

/**
 * A worker per lane's task queue, each with slots of its own. The email and chat workers run
 * `slowLaneWorkers` activities at once, the number the shares of `slowLaneSlots(tuning)` (per
 * endpoint owner, rule and rule owner) are sized against, as on the embedded engine: one rule's
 * tarpits hold at most its share of them, and a send refused for a full share gives its slot back
 * at once.
 *
 * @example
 * laneWorkers('oncall', DEFAULT_QUEUE_TUNING);
 * // [{ taskQueue: 'oncall' }, { taskQueue: 'oncall-email', maxConcurrentActivityTaskExecutions: 8 }, { taskQueue: 'oncall-chat', … }]
 */
export function laneWorkers(taskQueue: string, tuning: SlowLaneTuning): LaneWorker[] {
  return DELIVERY_LANES.map((lane) =>
    lane === 'page'
      ? { taskQueue: laneTaskQueue(taskQueue, lane) }
      : {
          taskQueue: laneTaskQueue(taskQueue, lane),
          maxConcurrentActivityTaskExecutions: tuning.slowLaneWorkers,
        },
  );
}
