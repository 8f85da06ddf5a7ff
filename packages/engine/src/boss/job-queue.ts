import type { EntityManager } from '@mikro-orm/core';
import type { Database } from '@oncall/db';
import { type Job, type JobResult, PgBoss, type Queue } from 'pg-boss';
import { QUEUES, type QueueName } from '../embedded/queues';
import { jobIdFor } from './job-id';
import { pgliteBossDb } from './pglite-boss-db';
import { postgresBossDb } from './postgres-boss-db';
import { DEFAULT_QUEUE_TUNING, type QueueTuning } from './queue-tuning';
import { transactionBossDb } from './transaction-boss-db';

export interface SendJobOptions {
  /** Deterministic job id (see `jobIdFor`): sending the same id again is a no-op. */
  readonly id: string;
  /** Run no sooner than this many milliseconds from now (database time). */
  readonly delayMs?: number;
}

export type JobHandler<Data> = (data: Data, job: Job<Data>) => Promise<void>;

/** pg-boss on the application database, with the engine's queues created and ready. */
export interface JobQueue {
  /** Queues a job inside the caller's open transaction: it exists only if that transaction commits. */
  sendInTransaction(
    tx: EntityManager,
    queue: QueueName,
    data: object,
    options: SendJobOptions,
  ): Promise<void>;
  /** Queues a job on its own (handlers continuing their work). */
  send(queue: QueueName, data: object, options: SendJobOptions): Promise<void>;
  /** Looks a job up by id, whatever its state; null when there is none. */
  find<Data>(queue: QueueName, id: string): Promise<Data | null>;
  /** Jobs whose payload contains `match` (JSON containment), with whether each has run to completion. */
  findMatching<Data>(queue: QueueName, match: object): Promise<Array<{ data: Data; completed: boolean }>>;
  /** Starts workers on a queue; a handler that throws fails its job, which pg-boss retries. */
  work<Data extends object>(queue: QueueName, handler: JobHandler<Data>): Promise<void>;
  /** Stops the workers, letting handlers in flight finish (up to `timeoutMs`). */
  stop(timeoutMs?: number): Promise<void>;
}

export interface OpenJobQueueOptions {
  readonly tuning?: Partial<QueueTuning>;
  /** Errors of background work: pg-boss's loops, and handlers whose jobs failed (they are retried). */
  readonly onError?: (error: unknown) => void;
}

const DAY_SECONDS = 86_400;

/**
 * Starts pg-boss in the `pgboss` schema of the application database (installing or migrating it),
 * creates the engine's queues and warms pg-boss's queue cache. The warm-up matters on PGlite: a send
 * inside a transaction that missed the cache would look the queue up on the main adapter, which
 * waits for the very session the transaction holds.
 */
export async function openJobQueue(db: Database, options: OpenJobQueueOptions = {}): Promise<JobQueue> {
  const tuning = { ...DEFAULT_QUEUE_TUNING, ...options.tuning };
  const adapter = db.pglite ? pgliteBossDb(db.orm, db.pglite) : await postgresBossDb(db.orm);
  const boss = new PgBoss({
    db: adapter,
    schema: 'pgboss',
    backend: db.pglite ? 'pglite' : 'postgres',
    useListenNotify: true,
    schedule: false,
    superviseIntervalSeconds: tuning.superviseIntervalSeconds,
    monitorIntervalSeconds: tuning.superviseIntervalSeconds,
  });
  boss.on('error', (error) => options.onError?.(error));
  await boss.start();
  const retries: Omit<Queue, 'name'> = {
    notify: true,
    expireInSeconds: tuning.expireInSeconds,
    retryLimit: tuning.retryLimit,
    retryDelay: 1,
    retryBackoff: true,
    retryDelayMax: tuning.retryDelayMaxSeconds,
  };
  const queues: Array<[QueueName, Omit<Queue, 'name'>]> = [
    [QUEUES.dispatch, retries],
    [QUEUES.delivery, retries],
    [QUEUES.flow, retries],
    // Markers are read for as long as a flow may still be waiting; a month is far beyond any flow.
    [QUEUES.escalationStop, { deleteAfterSeconds: 30 * DAY_SECONDS }],
    [QUEUES.autoResolve, retries],
    // Kept a month as well: stopping Temporal flows looks up which flows were started.
    [QUEUES.temporalOutbox, { ...retries, deleteAfterSeconds: 30 * DAY_SECONDS }],
    // One job per fire of an auto-resolving instance: kept only as long as a replay could come.
    [QUEUES.temporalAutoResolve, { ...retries, deleteAfterSeconds: DAY_SECONDS }],
  ];
  for (const [name, queueOptions] of queues) {
    await boss.createQueue(name, queueOptions);
    // createQueue leaves an existing queue as it was; settings changed since apply from this start on.
    await boss.updateQueue(name, queueOptions);
    await boss.findJobs(name, { id: jobIdFor('cache-warm-up') });
  }

  const sendWith = async (
    queue: QueueName,
    data: object,
    { id, delayMs }: SendJobOptions,
    db?: ReturnType<typeof transactionBossDb>,
  ) => {
    await boss.send(queue, data, {
      id,
      // A number is seconds from now by the database clock, so app and database clocks need not agree.
      ...(delayMs !== undefined && delayMs > 0 ? { startAfter: delayMs / 1000 } : {}),
      ...(db ? { db } : {}),
    });
  };

  return {
    sendInTransaction: (tx, queue, data, sendOptions) =>
      sendWith(queue, data, sendOptions, transactionBossDb(tx)),
    send: (queue, data, sendOptions) => sendWith(queue, data, sendOptions),
    async find<Data>(queue: QueueName, id: string) {
      const [job] = await boss.findJobs<Data>(queue, { id });
      return job ? job.data : null;
    },
    async findMatching<Data>(queue: QueueName, match: object) {
      const jobs = await boss.findJobs<Data>(queue, { data: match });
      return jobs.map((job) => ({ data: job.data, completed: job.state === 'completed' }));
    },
    async work<Data extends object>(queue: QueueName, handler: JobHandler<Data>) {
      await boss.work<Data>(
        queue,
        {
          batchSize: tuning.batchSize,
          localConcurrency: tuning.localConcurrency,
          pollingIntervalSeconds: tuning.pollingIntervalSeconds,
          // Delayed jobs are not announced by NOTIFY, so the backstop poll is what runs them on time.
          notifyPollingIntervalSeconds: tuning.pollingIntervalSeconds,
          // A full batch means a backlog: fetch again at once instead of waiting out the poll.
          burstWhenBatchFull: true,
          perJobResults: true,
        },
        (jobs) => Promise.all(jobs.map((job) => settle(job, handler, options.onError))),
      );
    },
    stop: (timeoutMs = 30_000) => boss.stop({ graceful: true, timeout: timeoutMs, close: true }),
  };
}

// One failing job must not fail the batch it was fetched with.
async function settle<Data>(
  job: Job<Data>,
  handler: JobHandler<Data>,
  onError: ((error: unknown) => void) | undefined,
): Promise<JobResult> {
  try {
    await handler(job.data, job);
    return { id: job.id, status: 'completed' };
  } catch (error) {
    onError?.(error);
    const message = error instanceof Error ? error.message : String(error);
    return { id: job.id, status: 'failed', output: { message } };
  }
}
