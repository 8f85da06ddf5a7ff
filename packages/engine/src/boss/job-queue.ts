import { randomUUID } from 'node:crypto';
import type { EntityManager, TransactionEventArgs } from '@mikro-orm/core';
import { createGroupedWriter } from '@oncall/core';
import type { Database } from '@oncall/db';
import { type Db, type JobResult, type JobWithMetadata, PgBoss, type Queue } from 'pg-boss';
import { insertJobs, notifyQueue } from 'pg-boss/dist/plans.js';
import { QUEUES, type QueueName } from '../driver/queues';
import { type EngineMetrics, NO_ENGINE_METRICS, type QueueStats } from '../ports/engine-metrics';
import { type ClaimPump, type PumpShape, startClaimPump } from './claim-pump';
import { jobIdFor } from './job-id';
import { pgliteBossDb } from './pglite-boss-db';
import { postgresBossDb } from './postgres-boss-db';
import { type ProcessRegistry, startProcessRegistry } from './process-registry';
import { isProgrammingError } from './programming-error';
import { queueStatsOf } from './queue-stats';
import { DEFAULT_QUEUE_TUNING, type QueueTuning } from './queue-tuning';
import { transactionBossDb } from './transaction-boss-db';

export interface SendJobOptions {
  /** Deterministic job id (see `jobIdFor`): sending the same id again is a no-op. */
  readonly id: string;
  /** Run no sooner than this many milliseconds from now (database time). */
  readonly delayMs?: number;
  /** The group the job counts against on a queue worked with `perGroup` (an endpoint's owner). */
  readonly group?: string;
}

/** A job of a grouped send: its id (see `jobIdFor`), its payload, and its group as `send` takes it. */
export interface QueuedJob {
  readonly id: string;
  readonly data: object;
  readonly group?: string;
  /** Fetched before every job of a lower priority (0 when absent), whatever their age. */
  readonly priority?: number;
}

/** What a handler learns of its job besides the payload. */
export interface JobContext {
  readonly id: string;
  /** How many times the job ran before: more than 0 means a replay. */
  readonly retryCount: number;
  readonly group: string | undefined;
}

export type JobHandler<Data> = (data: Data, job: JobContext) => Promise<void>;

/** How a queue's workers take jobs; the queue tuning's batch and concurrency by default. */
export interface WorkerShape {
  /** Jobs one worker fetches and runs together; it fetches again when all of them are done. */
  readonly batchSize: number;
  /** Workers in this process. */
  readonly localConcurrency: number;
  /** Jobs of one group running at once in this process; no limit when absent. */
  readonly perGroup?: number;
  /** How often an idle worker polls; the queue tuning's `pollingIntervalSeconds` when absent. */
  readonly pollingIntervalSeconds?: number;
}

/** pg-boss on the application database, with the engine's queues created and ready. */
export interface JobQueue {
  /** This process, as the owner written into the direct dispatch jobs it queues. */
  readonly processId: string;
  /**
   * Registers this process as alive (a heartbeat) and from then on makes the jobs of dead processes
   * runnable at once: their direct dispatches under lease and the jobs they had active. Called
   * before this process works a queue or dispatches directly.
   */
  register(): Promise<void>;
  /** Queues a job inside the caller's open transaction: it exists only if that transaction commits. */
  sendInTransaction(
    tx: EntityManager,
    queue: QueueName,
    data: object,
    options: SendJobOptions,
  ): Promise<void>;
  /** Queues a job on its own (handlers continuing their work). */
  send(queue: QueueName, data: object, options: SendJobOptions): Promise<void>;
  /**
   * Queues a job on its own as `send` does (not delayed), in one insert with the other jobs of the
   * queue handed over while the previous insert was in flight: dispatches handing a storm to a lane.
   */
  sendGrouped(queue: QueueName, data: object, options: Omit<SendJobOptions, 'delayMs'>): Promise<void>;
  /**
   * Queues several jobs of one queue inside the caller's open transaction in one write; answers the
   * ids of those that are new (a job whose id exists is left as it is, and so is a second job of
   * one id in `jobs`).
   */
  sendManyInTransaction(
    tx: EntityManager,
    queue: QueueName,
    jobs: readonly QueuedJob[],
    options?: { readonly delayMs?: number },
  ): Promise<string[]>;
  /**
   * Marks jobs that have not run yet as completed: their work was done outside the queue. The rows
   * stay, so their ids still turn a repeated send into a no-op.
   */
  completeQueued(queue: QueueName, ids: readonly string[]): Promise<void>;
  /** Makes a delayed job runnable now, waking the workers. */
  runNow(queue: QueueName, id: string): Promise<void>;
  /**
   * Puts the job a handler is running back in the queue, runnable after `delayMs` (or `runNow`) and
   * behind every job not put back, without counting a failure, and wakes the queue's idle workers:
   * the handler then returns, and its worker takes other work. Only the attempt the handler holds is put back (a job whose claim
   * lapsed is left alone); its next run counts as a replay.
   */
  putBack(queue: QueueName, job: Pick<JobContext, 'id' | 'retryCount'>, delayMs: number): Promise<void>;
  /**
   * pg-boss's own insert of jobs into `queue`, as one SQL statement (no placeholders) for a caller's
   * statement to run as a common table expression: `rowsJson` is a SQL expression of the jobs as a
   * JSON array in text (`id`, `data`, `startAfter` as `insert` takes them). It returns the ids of
   * the jobs created, and sends no NOTIFY: for jobs that are delayed.
   */
  insertStatement(queue: QueueName, rowsJson: string): string;
  /**
   * pg-boss's NOTIFY that wakes `queue`'s workers in every process, as one SQL `select` (no
   * placeholders) for a caller's statement to run, e.g. after its own `insertStatement`.
   */
  notifyStatement(queue: QueueName): string;
  /**
   * Calls `listener` with each transaction of the application database (its entity manager, the one
   * `sendInTransaction` was given) right after it commits; never for a released savepoint.
   */
  afterCommit(listener: (tx: EntityManager) => void): void;
  /** Looks a job up by id, whatever its state; null when there is none. */
  find<Data>(queue: QueueName, id: string): Promise<Data | null>;
  /** Jobs whose payload contains `match` (JSON containment), with whether each has run to completion. */
  findMatching<Data>(queue: QueueName, match: object): Promise<Array<{ data: Data; completed: boolean }>>;
  /**
   * Starts workers on a queue; a handler that throws fails its job, which pg-boss retries (a
   * programming error only for `programmingErrorRetrySeconds`, then the job fails for good).
   */
  work<Data extends object>(queue: QueueName, handler: JobHandler<Data>, shape?: WorkerShape): Promise<void>;
  /**
   * Works a queue whose jobs may hang (the slow lanes): claimed in batches, each run on its own as
   * soon as there is room, ends written in groups (`claim-pump.ts`). Handlers and failures as `work`.
   */
  pump<Data extends object>(queue: QueueName, handler: JobHandler<Data>, shape: PumpShape): void;
  /** The backlog of every engine queue, read now. */
  stats(): Promise<QueueStats[]>;
  /** Stops the workers, letting handlers in flight finish (up to `timeoutMs`). */
  stop(timeoutMs?: number): Promise<void>;
}

export interface OpenJobQueueOptions {
  readonly tuning?: Partial<QueueTuning>;
  /** Errors of background work: pg-boss's loops, and handlers whose jobs failed (they are retried). */
  readonly onError?: (error: unknown) => void;
  readonly metrics?: EngineMetrics;
}

const DAY_SECONDS = 86_400;
/** Jobs one grouped insert takes at most (`sendGrouped`). */
const GROUPED_SEND_MAX = 500;

interface GroupedSend {
  readonly id: string;
  readonly data: object;
  readonly group?: { readonly id: string };
}

/**
 * Starts pg-boss in the `pgboss` schema of the application database (installing or migrating it),
 * creates the engine's queues and warms pg-boss's queue cache. The warm-up matters on PGlite: a send
 * inside a transaction that missed the cache would look the queue up on the main adapter, which
 * waits for the very session the transaction holds.
 */
export async function openJobQueue(db: Database, options: OpenJobQueueOptions = {}): Promise<JobQueue> {
  const tuning = { ...DEFAULT_QUEUE_TUNING, ...options.tuning };
  const adapter = withPumpWake(db.pglite ? pgliteBossDb(db.orm, db.pglite) : await postgresBossDb(db.orm));
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
    [QUEUES.emailDelivery, retries],
    [QUEUES.chatDelivery, retries],
    [QUEUES.flow, retries],
    // Markers are read for as long as a flow may still be waiting; a month is far beyond any flow.
    [QUEUES.escalationStop, { deleteAfterSeconds: 30 * DAY_SECONDS }],
    [QUEUES.autoResolve, retries],
    // Kept a month as well: stopping Temporal flows looks up which flows were started.
    [QUEUES.temporalOutbox, { ...retries, deleteAfterSeconds: 30 * DAY_SECONDS }],
    // One job per fire of an auto-resolving instance: kept only as long as a replay could come.
    [QUEUES.temporalAutoResolve, { ...retries, deleteAfterSeconds: DAY_SECONDS }],
  ];
  const tables = new Map<QueueName, string>();
  for (const [name, queueOptions] of queues) {
    await boss.createQueue(name, queueOptions);
    // createQueue leaves an existing queue as it was; settings changed since apply from this start on.
    await boss.updateQueue(name, queueOptions);
    await boss.findJobs(name, { id: jobIdFor('cache-warm-up') });
    tables.set(name, await jobTableOf(boss, name));
  }

  const processId = randomUUID();
  const running = new Set<string>();
  const pumps = new Map<QueueName, ClaimPump>();
  const groupedSends = new Map<QueueName, (row: GroupedSend) => Promise<void>>();
  adapter.onQueueNotified((queue) => {
    if (queue === null) for (const pump of pumps.values()) pump.wake();
    else pumps.get(queue as QueueName)?.wake();
  });
  let registry: ProcessRegistry | null = null;

  const committedListeners = new Set<(tx: EntityManager) => void>();
  db.orm.em.getEventManager().registerSubscriber({
    afterTransactionCommit({ em, transaction }: TransactionEventArgs) {
      // A released savepoint is not a commit: its transaction may still roll back.
      if (transaction?.savepointName !== undefined) return;
      for (const listener of committedListeners) listener(em);
    },
  });

  const sendWith = async (
    queue: QueueName,
    data: object,
    { id, delayMs, group }: SendJobOptions,
    db?: ReturnType<typeof transactionBossDb>,
  ) => {
    await boss.send(queue, data, {
      id,
      ...(group === undefined ? {} : { group: { id: group } }),
      // A number is seconds from now by the database clock, so app and database clocks need not agree.
      ...(delayMs !== undefined && delayMs > 0 ? { startAfter: delayMs / 1000 } : {}),
      ...(db ? { db } : {}),
    });
  };

  return {
    processId,
    async register() {
      if (registry !== null) return;
      const byTable = new Map<string, QueueName[]>();
      for (const [name, table] of tables) byTable.set(table, [...(byTable.get(table) ?? []), name]);
      registry = await startProcessRegistry({
        db: boss.getDb(),
        processId,
        dispatch: { queue: QUEUES.dispatch, table: tables.get(QUEUES.dispatch) ?? 'job' },
        tables: byTable,
        heartbeatSeconds: tuning.takeoverHeartbeatSeconds,
        deadAfterSeconds: tuning.takeoverAfterSeconds,
        sole: db.pglite !== undefined,
        running,
        onError: (error) => options.onError?.(error),
      });
    },
    sendGrouped(queue, data, { id, group }) {
      let write = groupedSends.get(queue);
      if (write === undefined) {
        write = createGroupedWriter<GroupedSend>(async (rows) => {
          // One id twice in a group (a replayed dispatch beside its first run) is one job.
          const unique = [...new Map(rows.map((row) => [row.id, row])).values()];
          await boss.insert(queue, unique);
          pumps.get(queue)?.wake();
        }, GROUPED_SEND_MAX);
        groupedSends.set(queue, write);
      }
      return write({ id, data, ...(group === undefined ? {} : { group: { id: group } }) });
    },
    sendInTransaction: (tx, queue, data, sendOptions) =>
      sendWith(queue, data, sendOptions, transactionBossDb(tx)),
    async send(queue, data, sendOptions) {
      await sendWith(queue, data, sendOptions);
      // This process's pump need not wait for the NOTIFY's round trip (a delayed job it ignores).
      pumps.get(queue)?.wake();
    },
    async sendManyInTransaction(tx, queue, jobs, manyOptions = {}) {
      if (jobs.length === 0) return [];
      const { delayMs } = manyOptions;
      // pg-boss refuses one id twice in an insert; the first is the one a send would have kept.
      const ids = new Set<string>();
      const unique = jobs.filter((job) => {
        if (ids.has(job.id)) return false;
        ids.add(job.id);
        return true;
      });
      const created = await boss.insert(
        queue,
        unique.map(({ id, data, group, priority }) => ({
          id,
          data,
          ...(group === undefined ? {} : { group: { id: group } }),
          ...(priority === undefined ? {} : { priority }),
          // Raw inserts take a delay as text PostgreSQL casts to an interval: a bare number is seconds.
          ...(delayMs !== undefined && delayMs > 0 ? { startAfter: String(delayMs / 1000) } : {}),
        })),
        { db: transactionBossDb(tx), returnId: true },
      );
      return created ?? [];
    },
    async completeQueued(queue, ids) {
      if (ids.length > 0) await boss.complete(queue, [...ids], null, { includeQueued: true });
    },
    insertStatement(queue, rowsJson) {
      const table = tables.get(queue);
      if (table === undefined) throw new Error(`Queue ${queue} is not open`);
      // The statement takes its rows as its one parameter, `$1::text::json`; here they are SQL.
      const sql = insertJobs('pgboss', { table, name: queue, returnId: true, notify: false }).replace(
        '$1::text::json',
        () => `(${rowsJson})::json`,
      );
      if (sql.includes('$1')) throw new Error('pg-boss changed its insert statement: see insertStatement');
      return sql;
    },
    notifyStatement: (queue) => notifyQueue('pgboss', queue),
    async runNow(queue, id) {
      // Unlike send(), update() takes a start of 0 seconds from now; it notifies once runnable.
      await boss.update(queue, undefined, { id, startAfter: 0 });
      pumps.get(queue)?.wake();
    },
    async putBack(queue, job, delayMs) {
      const table = tables.get(queue);
      if (table === undefined) throw new Error(`Queue ${queue} is not open`);
      // State `retry` with `started_on` kept: pg-boss's completion after the handler, fenced to an
      // active attempt, leaves it alone, and the next claim counts one more attempt. A lower priority
      // puts it behind every job not put back (pg-boss fetches by priority, then age), so jobs that
      // wait for a full share never stand in front of others' work. The notify wakes idle workers
      // (this one included) to fetch again instead of waiting out their poll.
      await boss.getDb().executeSql(
        `with put_back as (
           update pgboss.${table}
              set state = 'retry', heartbeat_on = null, priority = -1,
                  start_after = pgboss.job_now() + $3::int * interval '1 millisecond'
            where name = $1 and id = $2::uuid and state = 'active' and retry_count = $4::int
            returning 1
         )
         select count(*) from put_back, lateral (${notifyQueue('pgboss', queue)}) as woken`,
        [queue, job.id, Math.max(0, Math.round(delayMs)), job.retryCount],
      );
      pumps.get(queue)?.wake();
    },
    async find<Data>(queue: QueueName, id: string) {
      const [job] = await boss.findJobs<Data>(queue, { id });
      return job ? job.data : null;
    },
    async findMatching<Data>(queue: QueueName, match: object) {
      const jobs = await boss.findJobs<Data>(queue, { data: match });
      return jobs.map((job) => ({ data: job.data, completed: job.state === 'completed' }));
    },
    async work<Data extends object>(queue: QueueName, handler: JobHandler<Data>, shape?: WorkerShape) {
      const workers: WorkerShape = shape ?? tuning;
      const { batchSize, localConcurrency, perGroup } = workers;
      const pollingIntervalSeconds = shape?.pollingIntervalSeconds ?? tuning.pollingIntervalSeconds;
      const failures = { ...options, metrics: options.metrics ?? NO_ENGINE_METRICS, tuning, queue };
      await boss.work(
        queue,
        {
          batchSize,
          localConcurrency,
          // pg-boss refuses a group share larger than the workers there are.
          ...(perGroup === undefined ? {} : { localGroupConcurrency: Math.min(perGroup, localConcurrency) }),
          pollingIntervalSeconds,
          // Delayed jobs are not announced by NOTIFY, so the backstop poll is what runs them on time.
          notifyPollingIntervalSeconds: pollingIntervalSeconds,
          // A full batch means a backlog: fetch again at once instead of waiting out the poll.
          burstWhenBatchFull: true,
          // The previous failure's output: how long a programming error has been failing the job.
          includeMetadata: true as const,
          perJobResults: true as const,
        },
        async (jobs: JobWithMetadata<Data>[]) => {
          // Listed in the heartbeat while they run, so no live process takes them for orphans.
          for (const job of jobs) running.add(job.id);
          try {
            return await Promise.all(jobs.map((job) => settle(job, handler, failures)));
          } finally {
            for (const job of jobs) running.delete(job.id);
          }
        },
      );
    },
    pump<Data extends object>(queue: QueueName, handler: JobHandler<Data>, shape: PumpShape) {
      if (pumps.has(queue)) throw new Error(`Queue ${queue} is already pumped`);
      const table = tables.get(queue);
      if (table === undefined) throw new Error(`Queue ${queue} is not open`);
      const failures = { ...options, metrics: options.metrics ?? NO_ENGINE_METRICS, tuning, queue };
      pumps.set(
        queue,
        startClaimPump<Data>({
          boss,
          db: boss.getDb(),
          queue,
          table,
          shape,
          run: (job) => settle(job, handler, failures),
          running,
          onError: (error) => options.onError?.(error),
        }),
      );
    },
    afterCommit(listener) {
      committedListeners.add(listener);
    },
    stats: () => queueStatsOf(boss.getDb(), Object.values(QUEUES)),
    async stop(timeoutMs = 30_000) {
      committedListeners.clear();
      const here = registry;
      registry = null;
      // Stopped first: with the process gone from the registry, what it leaves is taken over at once.
      const pumping = [...pumps.values()];
      pumps.clear();
      await Promise.all([
        boss.stop({ graceful: true, timeout: timeoutMs, close: false }),
        ...pumping.map((pump) => pump.stop(timeoutMs)),
      ]);
      await here?.stop();
      await boss.stop({ close: true });
    },
  };
}

/**
 * The adapter pg-boss listens through, telling the pumps too which queue a NOTIFY named (null: the
 * listener reconnected, notifications may have been missed). pg-boss wakes only its own workers.
 */
function withPumpWake(adapter: Db): Db & { onQueueNotified(listener: (queue: string | null) => void): void } {
  const listeners: Array<(queue: string | null) => void> = [];
  const listen = adapter.listen;
  return {
    ...adapter,
    ...(listen === undefined
      ? {}
      : {
          listen: (channel: string, onNotification: (payload: string) => void, onReconnect: () => void) =>
            listen.call(
              adapter,
              channel,
              (payload) => {
                onNotification(payload);
                for (const listener of listeners) listener(payload);
              },
              () => {
                onReconnect();
                for (const listener of listeners) listener(null);
              },
            ),
        }),
    onQueueNotified(listener) {
      listeners.push(listener);
    },
  };
}

/** The table pg-boss keeps a queue's jobs in (a queue may have a partition of its own). */
async function jobTableOf(boss: PgBoss, name: QueueName): Promise<string> {
  const queue: unknown = await boss.getQueue(name);
  const table = typeof queue === 'object' && queue !== null && 'table' in queue ? queue.table : undefined;
  if (typeof table !== 'string' || !/^[a-z0-9_]+$/.test(table)) {
    throw new Error(`pg-boss gave no job table for queue ${name}`);
  }
  return table;
}

interface FailureHandling {
  readonly queue: QueueName;
  readonly tuning: QueueTuning;
  readonly metrics: EngineMetrics;
  readonly onError?: (error: unknown) => void;
}

/**
 * Runs one job and says how it ended; one failing job must not fail the batch it was fetched with.
 * A handler that throws is retried, by default until the queue's retention drops the job: an
 * outage (database, Temporal) or a missing provider config may end any time. A programming error
 * is retried only for `programmingErrorRetrySeconds` from the first such failure in a row (the
 * failure's output carries when that was), then the job fails for good, so a bug shows as failed
 * jobs instead of retrying for two weeks.
 */
async function settle<Data>(
  job: JobWithMetadata<Data>,
  handler: JobHandler<Data>,
  { queue, tuning, metrics, onError }: FailureHandling,
): Promise<JobResult> {
  try {
    await handler(job.data, { id: job.id, retryCount: job.retryCount, group: job.groupId ?? undefined });
    return { id: job.id, status: 'completed' };
  } catch (error) {
    onError?.(error);
    const message = error instanceof Error ? error.message : String(error);
    if (!isProgrammingError(error)) {
      metrics.jobFailed(queue, 'retried', 'other');
      return { id: job.id, status: 'failed', output: { message } };
    }
    const now = Date.now();
    const since = programmingErrorSince(job.output) ?? now;
    const givenUp = now - since >= tuning.programmingErrorRetrySeconds * 1000;
    metrics.jobFailed(queue, givenUp ? 'failed' : 'retried', 'programming_error');
    // With no dead letter queue, `deadletter` is a failure that skips the remaining retries.
    return {
      id: job.id,
      status: givenUp ? 'deadletter' : 'failed',
      output: { message, programmingErrorSince: new Date(since).toISOString() },
    };
  }
}

function programmingErrorSince(output: unknown): number | undefined {
  if (typeof output !== 'object' || output === null || !('programmingErrorSince' in output)) return undefined;
  const since = Date.parse(String(output.programmingErrorSince));
  return Number.isNaN(since) ? undefined : since;
}
