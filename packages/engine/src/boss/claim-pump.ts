import { createGroupedWriter } from '@oncall/core';
import type { Db, JobResult, JobWithMetadata, PgBoss } from 'pg-boss';
import {
  completeJobsWithOutputs,
  deadLetterJobsByIdWithOutputs,
  failJobsByIdWithOutputs,
} from 'pg-boss/dist/plans.js';

/** How a pumped queue claims its jobs in this process. */
export interface PumpShape {
  /** Jobs this process holds of the queue at once (running, or waiting for their group's turn). */
  readonly capacity: number;
  /** Jobs of one group (pg-boss's group: an endpoint's owner) running at once in this process. */
  readonly perGroup: number;
  /** Most jobs one claim takes; a full claim is followed by another at once. */
  readonly claimBatch: number;
  /** How often an idle pump claims without being woken (delayed jobs become runnable by time). */
  readonly pollingIntervalMs: number;
}

export interface ClaimPumpDeps<Data> {
  readonly boss: Pick<PgBoss, 'fetch'>;
  readonly db: Db;
  readonly queue: string;
  readonly table: string;
  readonly shape: PumpShape;
  /** Runs one job and says how it ended (never throws): the job queue's `settle`. */
  readonly run: (job: JobWithMetadata<Data>) => Promise<JobResult>;
  /** The ids of the jobs this process holds, sent with its heartbeat (`process-registry.ts`). */
  readonly running: Set<string>;
  readonly onError: (error: unknown) => void;
}

export interface ClaimPump {
  /** Claims now instead of at the next poll: a job of this queue was queued or made runnable. */
  wake(): void;
  /** Claims nothing more; waits up to `timeoutMs` for the jobs held, then writes their ends. */
  stop(timeoutMs: number): Promise<void>;
}

/** Job ends written in one statement at most. */
const SETTLE_BATCH = 500;

/**
 * A queue's jobs claimed in batches and run concurrently, each job on its own: one that hangs holds
 * its place and nothing else, and the next claim comes as soon as there is room, not after a poll.
 * pg-boss's own workers fetch again only when their whole batch is done, which is why the slow lanes
 * once took one job per worker and slept out a poll after each (a few jobs a second per owner).
 *
 * A claim takes at most `capacity` jobs held in all, leaves out the groups that already hold their
 * share (`ignoreGroups`), and takes no more than a share at a time, so a group holds fewer than two
 * shares; beyond its share a group's jobs wait here, in claim order, for one of its own to end (at
 * most one attempt's timeout, well inside the job expiry). Ends are written in groups (one statement
 * per group of completions, failures apart), fenced to the attempt claimed, as pg-boss's own
 * workers settle. A job whose end is never written (the process died) expires and runs again as a
 * replay, which reads the delivery log before sending.
 */
export function startClaimPump<Data>(deps: ClaimPumpDeps<Data>): ClaimPump {
  const { shape, running, queue } = deps;
  // Per group, the jobs running and those waiting for a turn; held = running + waiting.
  const groups = new Map<string, { running: number; waiting: Array<JobWithMetadata<Data>> }>();
  const inFlight = new Set<Promise<void>>();
  let held = 0;
  let stopping = false;
  let woken = false;
  let sleeping: (() => void) | null = null;

  const settleRows = (sql: string) =>
    createGroupedWriter<{ id: string; retry_count: number; output: unknown }>(async (rows) => {
      await deps.db.executeSql(sql, [queue, JSON.stringify(rows)]);
    }, SETTLE_BATCH);
  const completed = settleRows(completeJobsWithOutputs('pgboss', deps.table));
  const failed = settleRows(failJobsByIdWithOutputs('pgboss', deps.table));
  const deadLettered = settleRows(deadLetterJobsByIdWithOutputs('pgboss', deps.table));

  const wake = () => {
    woken = true;
    sleeping?.();
  };

  const heldOf = (group: string) => {
    const entry = groups.get(group);
    return entry === undefined ? 0 : entry.running + entry.waiting.length;
  };

  const finish = async (job: JobWithMetadata<Data>, result: JobResult) => {
    const row = { id: job.id, retry_count: job.retryCount, output: result.output ?? null };
    const write =
      result.status === 'completed' ? completed : result.status === 'deadletter' ? deadLettered : failed;
    // Unwritten, the job stays active, expires and runs again as a replay.
    await write(row).catch(deps.onError);
  };

  const start = (job: JobWithMetadata<Data>) => {
    const run = deps
      .run(job)
      .then((result) => finish(job, result))
      .finally(() => {
        inFlight.delete(run);
        running.delete(job.id);
        held -= 1;
        const group = job.groupId ?? null;
        if (group !== null) {
          const entry = groups.get(group);
          if (entry) {
            entry.running -= 1;
            const next = entry.waiting.shift();
            if (next !== undefined) {
              entry.running += 1;
              held += 1;
              start(next);
            }
            if (entry.running === 0 && entry.waiting.length === 0) groups.delete(group);
          }
        }
        // Room again for this group (or for a job of none): claim now rather than at the next poll.
        if (group === null || heldOf(group) < shape.perGroup) wake();
      });
    inFlight.add(run);
  };

  const take = (job: JobWithMetadata<Data>) => {
    running.add(job.id);
    const group = job.groupId ?? null;
    if (group === null) {
      held += 1;
      start(job);
      return;
    }
    const entry = groups.get(group) ?? { running: 0, waiting: [] };
    groups.set(group, entry);
    if (entry.running < shape.perGroup) {
      entry.running += 1;
      held += 1;
      start(job);
    } else {
      entry.waiting.push(job);
    }
  };

  const claim = async (): Promise<boolean> => {
    const room = shape.capacity - held - waitingCount();
    if (room <= 0) return false;
    const want = Math.min(room, shape.claimBatch, shape.perGroup);
    const ignoreGroups = [...groups.keys()].filter((group) => heldOf(group) >= shape.perGroup);
    const jobs = (await deps.boss.fetch<Data>(queue, {
      batchSize: want,
      includeMetadata: true,
      ...(ignoreGroups.length > 0 ? { ignoreGroups } : {}),
    })) as Array<JobWithMetadata<Data>>;
    for (const job of jobs) take(job);
    return jobs.length === want;
  };

  const waitingCount = () => {
    let count = 0;
    for (const entry of groups.values()) count += entry.waiting.length;
    return count;
  };

  const loop = async () => {
    while (!stopping) {
      woken = false;
      let full = false;
      try {
        full = await claim();
      } catch (error) {
        deps.onError(error);
      }
      if (full || woken || stopping) continue;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, shape.pollingIntervalMs);
        sleeping = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      sleeping = null;
    }
  };
  const looping = loop();

  return {
    wake,
    async stop(timeoutMs) {
      stopping = true;
      wake();
      await looping;
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<void>((resolve) => {
        timer = setTimeout(resolve, timeoutMs);
      });
      // Jobs still waiting for their group's turn are not started: with this process gone from the
      // registry, a live one takes them over as replays (or they expire).
      for (const entry of groups.values()) entry.waiting.length = 0;
      await Promise.race([Promise.all(inFlight), timeout]);
      clearTimeout(timer);
    },
  };
}
