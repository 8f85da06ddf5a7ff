import { DEFAULT_QUEUE_TUNING } from '@oncall/engine';
import type { Activities } from '@oncall/workflows';
import { workflowsPath } from '@oncall/workflows';
import { NativeConnection, Worker } from '@temporalio/worker';
import { laneWorkers } from './lane-workers';
import { type WorkerOptions, workerOptionsSchema } from './options';

export interface StartWorkerOptions extends WorkerOptions {
  /**
   * From `createActivities(deps)`, composed over the real adapters by the caller, with lane slots
   * sized by the same tuning (`slowLaneSlots(DEFAULT_QUEUE_TUNING)`, as `loadActivityDeps` does).
   */
  readonly activities: Activities;
}

export interface RunningWorker {
  /** One per task queue: the base one (pages, flows, timers), then the email and chat lanes'. */
  readonly workers: readonly Worker[];
  /** Settles when the workers have stopped (on SIGINT/SIGTERM or `shutdown`) and the connection is closed. */
  readonly finished: Promise<void>;
  shutdown(): Promise<void>;
}

/**
 * Connects to Temporal and starts polling with the orchestration workflows and the given activities,
 * on the task queue and on each lane's (`laneWorkers`): a worker per queue, each with its own
 * slots, so chat webhooks that hang take none of the pages', and the email and chat workers bounded
 * as the activities' lane shares expect. Options are validated first, so a misconfigured address
 * fails with a clear message instead of a connection timeout.
 *
 * @example
 * const running = await startWorker({ address: 'temporal:7233', namespace: 'default', taskQueue: 'oncall', activities });
 * await running.finished;
 */
export async function startWorker(options: StartWorkerOptions): Promise<RunningWorker> {
  const { address, namespace, taskQueue } = workerOptionsSchema.parse(options);
  const connection = await NativeConnection.connect({ address });
  const workers: Worker[] = [];
  try {
    for (const lane of laneWorkers(taskQueue, DEFAULT_QUEUE_TUNING)) {
      workers.push(
        await Worker.create({
          connection,
          namespace,
          workflowsPath,
          activities: options.activities,
          ...lane,
        }),
      );
    }
  } catch (error) {
    await connection.close();
    throw error;
  }
  const finished = Promise.all(workers.map((worker) => worker.run()))
    .then(() => undefined)
    .finally(() => connection.close());
  return {
    workers,
    finished,
    shutdown: async () => {
      for (const worker of workers) worker.shutdown();
      await finished;
    },
  };
}
