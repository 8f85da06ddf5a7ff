import type { Activities } from '@oncall/workflows';
import { workflowsPath } from '@oncall/workflows';
import { NativeConnection, Worker } from '@temporalio/worker';
import { type WorkerOptions, workerOptionsSchema } from './options';

export interface StartWorkerOptions extends WorkerOptions {
  /** From `createActivities(deps)`, composed over the real adapters by the caller. */
  readonly activities: Activities;
}

export interface RunningWorker {
  readonly worker: Worker;
  /** Settles when the worker has stopped (on SIGINT/SIGTERM or `shutdown`) and its connection is closed. */
  readonly finished: Promise<void>;
  shutdown(): Promise<void>;
}

/**
 * Connects to Temporal and starts polling with the orchestration workflows and the given activities.
 * Options are validated first, so a misconfigured address fails with a clear message instead of a
 * connection timeout.
 *
 * @example
 * const running = await startWorker({ address: 'temporal:7233', namespace: 'default', taskQueue: 'oncall', activities });
 * await running.finished;
 */
export async function startWorker(options: StartWorkerOptions): Promise<RunningWorker> {
  const { address, namespace, taskQueue } = workerOptionsSchema.parse(options);
  const connection = await NativeConnection.connect({ address });
  let worker: Worker;
  try {
    worker = await Worker.create({
      connection,
      namespace,
      taskQueue,
      workflowsPath,
      activities: options.activities,
    });
  } catch (error) {
    await connection.close();
    throw error;
  }
  const finished = worker.run().finally(() => connection.close());
  return {
    worker,
    finished,
    shutdown: async () => {
      worker.shutdown();
      await finished;
    },
  };
}
