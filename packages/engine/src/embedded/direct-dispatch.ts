import type { EntityManager } from '@mikro-orm/core';
import { createGroupedWriter } from '@oncall/core';
import type { JobQueue } from '../boss/job-queue';
import { QUEUES } from '../driver/queues';
import type { DispatchJob } from './jobs';

export interface DirectDispatchOptions {
  /** Runs one dispatch as a worker would on its first run: the dispatcher. */
  readonly run: (job: DispatchJob) => Promise<void>;
  readonly queue: JobQueue;
  /** Dispatches running at once; more wait their turn, up to `maxWaitMs`. */
  readonly concurrency: number;
  /** How long a committed dispatch may wait for a turn before its job is made runnable instead. */
  readonly maxWaitMs: number;
  /** Monotonic milliseconds. */
  readonly now: () => number;
  readonly onError: (error: unknown) => void;
}

/** The committing process's side of a dispatch: it is tracked in the transaction, run after commit. */
export interface DirectDispatch {
  /** A dispatch job written in `tx`, to run here once `tx` commits. */
  track(tx: EntityManager, id: string, job: DispatchJob): void;
  /** Runs the dispatches tracked in `tx`, which has just committed (`JobQueue.afterCommit`). */
  committed(tx: EntityManager): void;
  /** Runs dispatch jobs a single statement wrote (delayed by the lease, `direct`), now committed. */
  runCommitted(jobs: ReadonlyArray<{ readonly id: string; readonly job: DispatchJob }>): void;
  /** Runs nothing more; waits for the dispatches running (up to `timeoutMs`). */
  stop(timeoutMs: number): Promise<void>;
}

interface Waiting {
  readonly id: string;
  readonly job: DispatchJob;
  readonly until: number;
}

/**
 * Fire → page without a queue hop. The orchestrator writes each dispatch job delayed by a lease
 * (so no worker takes it, and its commit sends no NOTIFY) and tracks it on the transaction; when the
 * transaction commits, this process runs the dispatch at once and then marks the job completed.
 *
 * The job stays the durable backstop. If this process dies before the mark, a worker runs the job
 * when the lease ends, as a takeover (`direct`): it reads the delivery log before each send, so an
 * attempt already recorded is not sent again. A dispatch that throws, or waits longer than
 * `maxWaitMs` for a turn (a burst beyond `concurrency`), has its job made runnable now and the
 * workers carry it, with their retries. The lease is longer than a run can last (the queue's expiry
 * bounds a handler, plus `maxWaitMs`), so a worker never starts a job whose direct run is still
 * going. A rolled-back transaction never commits: its dispatches are dropped with it.
 */
export function createDirectDispatch(options: DirectDispatchOptions): DirectDispatch {
  const tracked = new WeakMap<EntityManager, Array<{ id: string; job: DispatchJob }>>();
  const waiting: Waiting[] = [];
  const running = new Set<Promise<void>>();
  let stopped = false;

  const complete = createGroupedWriter<string>(
    (ids) => options.queue.completeQueued(QUEUES.dispatch, ids),
    500,
  );
  // The job's own retries take over, from a worker, reading the log first.
  const handOver = (id: string) =>
    options.queue.runNow(QUEUES.dispatch, id).catch((error: unknown) => options.onError(error));

  const runOne = async ({ id, job }: Waiting) => {
    try {
      await options.run(job);
    } catch (error) {
      options.onError(error);
      await handOver(id);
      return;
    }
    // Unmarked (this write failed), the job runs at the lease's end and finds the log written.
    await complete(id).catch((error: unknown) => options.onError(error));
  };

  const pump = () => {
    while (running.size < options.concurrency) {
      const next = waiting.shift();
      if (next === undefined) return;
      if (stopped || options.now() > next.until) {
        void handOver(next.id);
        continue;
      }
      const run: Promise<void> = runOne(next).finally(() => {
        running.delete(run);
        pump();
      });
      running.add(run);
    }
  };

  const runCommitted = (jobs: ReadonlyArray<{ readonly id: string; readonly job: DispatchJob }>) => {
    const until = options.now() + options.maxWaitMs;
    for (const { id, job } of jobs) waiting.push({ id, job, until });
    // After the request that committed has had its answer written.
    setImmediate(pump);
  };

  const committed = (tx: EntityManager) => {
    const jobs = tracked.get(tx);
    if (jobs === undefined) return;
    tracked.delete(tx);
    runCommitted(jobs);
  };

  return {
    track(tx, id, job) {
      const jobs = tracked.get(tx);
      if (jobs) jobs.push({ id, job });
      else tracked.set(tx, [{ id, job }]);
    },
    committed,
    runCommitted,
    async stop(timeoutMs) {
      stopped = true;
      await Promise.all(waiting.splice(0).map((next) => handOver(next.id)));
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<void>((resolve) => {
        timer = setTimeout(resolve, timeoutMs);
      });
      await Promise.race([Promise.all(running), timeout]);
      clearTimeout(timer);
    },
  };
}
