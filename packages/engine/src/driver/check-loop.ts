import type { CheckClaim } from '@oncall/core';

/** The checks the loop drives: the core's `ScheduledChecks`. */
export interface CheckRunner {
  reconcile(): Promise<void>;
  claimDue(limit: number): Promise<CheckClaim[]>;
  /** Runs one claimed check; records its own failures, so a throw is a bug or a lost database. */
  run(claim: CheckClaim): Promise<void>;
}

export interface CheckLoopOptions {
  readonly runner: CheckRunner;
  /** How often due checks are looked for (default 250 ms): the most a run starts late by. */
  readonly tickMs?: number;
  /** How often the schedule is brought in line with the rules (default 10 s): a new rule's first run waits up to this. */
  readonly reconcileEveryMs?: number;
  /** Checks running at once in this process (default 64). */
  readonly maxRunning?: number;
  /** Checks of one data source running at once in this process (default 8). */
  readonly perSourceConcurrency?: number;
  readonly onError: (error: unknown) => void;
}

export interface CheckLoop {
  /** Claims no more; waits up to `timeoutMs` for the runs in flight (their leases cover the rest). */
  stop(timeoutMs?: number): Promise<void>;
}

/**
 * Drives scheduled checks (rule evaluations) in this process, on either driver: claims due checks
 * from the schedule in the database (which hands each to one claimer and keeps a run from
 * overlapping the one before), and runs them with at most `maxRunning` at once and at most
 * `perSourceConcurrency` against one data source, so a slow source holds back only its own rules.
 * Claims take only as many as there is room for, so nothing claimed sits idle past its lease.
 */
export function startCheckLoop(options: CheckLoopOptions): CheckLoop {
  const tickMs = options.tickMs ?? 250;
  const reconcileEveryMs = options.reconcileEveryMs ?? 10_000;
  const maxRunning = options.maxRunning ?? 64;
  const perSource = options.perSourceConcurrency ?? 8;
  const running = new Set<Promise<void>>();
  const runningBySource = new Map<string, number>();
  const waiting = new Map<string, CheckClaim[]>();
  let waitingCount = 0;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let lastReconcile = Number.NEGATIVE_INFINITY;

  const start = (claim: CheckClaim) => {
    const key = claim.concurrencyKey;
    runningBySource.set(key, (runningBySource.get(key) ?? 0) + 1);
    const done = options.runner
      .run(claim)
      .catch((error: unknown) => options.onError(error))
      .finally(() => {
        running.delete(done);
        const left = (runningBySource.get(key) ?? 1) - 1;
        if (left === 0) runningBySource.delete(key);
        else runningBySource.set(key, left);
        const next = waiting.get(key)?.shift();
        if (next) {
          waitingCount--;
          if (waiting.get(key)?.length === 0) waiting.delete(key);
          start(next);
        }
      });
    running.add(done);
  };

  const admit = (claim: CheckClaim) => {
    if ((runningBySource.get(claim.concurrencyKey) ?? 0) < perSource) {
      start(claim);
      return;
    }
    const queue = waiting.get(claim.concurrencyKey) ?? [];
    queue.push(claim);
    waiting.set(claim.concurrencyKey, queue);
    waitingCount++;
  };

  const tick = async () => {
    if (Date.now() - lastReconcile >= reconcileEveryMs) {
      lastReconcile = Date.now();
      await options.runner.reconcile();
    }
    // Claim again at once while a claim comes back full: a backlog (after a restart) drains fast.
    for (;;) {
      const room = maxRunning - running.size - waitingCount;
      if (room <= 0 || stopped) return;
      const claims = await options.runner.claimDue(room);
      for (const claim of claims) admit(claim);
      if (claims.length < room) return;
    }
  };

  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(() => {
      tick()
        .catch((error: unknown) => options.onError(error))
        .finally(schedule);
    }, tickMs);
    timer.unref();
  };
  schedule();

  return {
    async stop(timeoutMs = 10_000) {
      stopped = true;
      clearTimeout(timer);
      let timeout: NodeJS.Timeout | undefined;
      await Promise.race([
        Promise.allSettled([...running]),
        new Promise((resolve) => {
          timeout = setTimeout(resolve, timeoutMs);
        }),
      ]);
      clearTimeout(timeout);
    },
  };
}
