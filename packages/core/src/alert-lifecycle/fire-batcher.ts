import type { EntityManager } from '@mikro-orm/core';
import { unavailable } from '../errors/domain-error';
import { isDatabaseUnreachable } from '../persistence/database-unavailable';
import type { PreparedStatements } from '../ports/prepared-statements';
import type { SignalOutcome } from './alert-signal';
import {
  applyFireInOneStatement,
  applyFiresInOneStatement,
  type OneStatementFire,
  type OneStatementPaging,
} from './fire-in-one-statement';

export interface FireBatcherLimits {
  /** Statements running at once; fires that arrive while all run wait for the next one. */
  maxInFlight: number;
  /** Fires in one statement at most. */
  maxBatch: number;
  /** Fires waiting for a statement at most; one more is refused at once (503). */
  maxWaiting: number;
  /** How long a fire may wait for a statement; past it, it leaves the queue unsent (503). */
  maxWaitMs: number;
}

/**
 * One statement at a time, measured (docs/benchmarks.md): two or four in flight made smaller batches
 * that also waited on each other's instance locks, and gave a third to half less throughput. At a
 * few thousand fires a second, 2,000 waiting is most of a second of work: more means the database
 * cannot keep up, and the sender is better told so than left waiting.
 */
const DEFAULT_LIMITS: FireBatcherLimits = { maxInFlight: 1, maxBatch: 64, maxWaiting: 2000, maxWaitMs: 5000 };

/** Limits as settings give them: an unset one keeps its default. */
export type FireBatcherSettings = { [K in keyof FireBatcherLimits]?: number | undefined };

interface Pending {
  fire: OneStatementFire;
  /** `performance.now()` after which the fire is refused if it has not been sent. */
  deadline: number;
  resolve: (outcome: SignalOutcome | null) => void;
  reject: (error: unknown) => void;
}

/**
 * Group commit for the one-statement fires. A fire that finds a statement slot free goes at once, on
 * its own, so a quiet service adds no wait; fires that arrive while every slot is busy are sent
 * together in the next `apply_fires_in_one_statement` when a slot frees. Under load that turns one round
 * trip, one commit and one wake-up of the database per fire into one per batch, which is where a
 * fire's cost was (the socket write to PostgreSQL alone was a fifth of the server's CPU).
 *
 * Each caller still gets its own answer only after the statement holding its fire committed. A batch
 * is one transaction: when it fails (a lock not had within its short timeout, a deadlock, one bad
 * fire), each of its fires is applied again on its own, outside the slot, so only the fire at fault
 * fails or waits.
 *
 * The queue is bounded in length and in time, so a database that stops answering turns into prompt
 * 503s rather than a growing heap and hanging requests. Only a fire still waiting is refused on its
 * deadline: nothing of it was sent, so "not stored, send again" is the truth. A fire already in a
 * statement waits for that statement's own answer, which the database timeouts bound; if that
 * answer never comes, whether the statement committed is unknown, and the caller is told 503 as
 * well. Sending a fire again is always safe: a stored one answers "Already Active".
 */
export class FireBatcher {
  private readonly waiting: Pending[] = [];
  private readonly limits: FireBatcherLimits;
  private inFlight = 0;
  /** One timer for the oldest waiting fire's deadline (all wait as long, so it is the next to expire). */
  private expiry: NodeJS.Timeout | undefined;

  /**
   * @param paging where openings that page queue their pages in their own statement; without it,
   *   such an opening is declined (nothing written) and takes the full path.
   * @param prepared runs the batch statement prepared where the database has them.
   */
  constructor(
    private readonly em: EntityManager,
    limits: FireBatcherSettings = {},
    private readonly paging?: OneStatementPaging,
    private readonly prepared?: PreparedStatements,
  ) {
    this.limits = {
      maxInFlight: limits.maxInFlight ?? DEFAULT_LIMITS.maxInFlight,
      maxBatch: limits.maxBatch ?? DEFAULT_LIMITS.maxBatch,
      maxWaiting: limits.maxWaiting ?? DEFAULT_LIMITS.maxWaiting,
      maxWaitMs: limits.maxWaitMs ?? DEFAULT_LIMITS.maxWaitMs,
    };
  }

  /** The fire's outcome, or null when it must take the full path (nothing of it was written). */
  apply(fire: OneStatementFire): Promise<SignalOutcome | null> {
    if (this.waiting.length >= this.limits.maxWaiting) {
      return Promise.reject(unavailable('Too many alerts are waiting for the database. Try again shortly.'));
    }
    return new Promise((resolve, reject) => {
      this.waiting.push({ fire, deadline: performance.now() + this.limits.maxWaitMs, resolve, reject });
      this.send();
    });
  }

  private send(): void {
    while (this.inFlight < this.limits.maxInFlight && this.waiting.length > 0) {
      this.inFlight++;
      void this.run(this.waiting.splice(0, this.limits.maxBatch));
    }
    this.armExpiry();
  }

  private armExpiry(): void {
    const oldest = this.waiting[0];
    if (this.expiry || !oldest) return;
    this.expiry = setTimeout(
      () => {
        this.expiry = undefined;
        this.expire();
        this.armExpiry();
      },
      Math.max(0, oldest.deadline - performance.now()),
    );
    // A waiting fire's request keeps the process busy anyway; the timer alone must not.
    this.expiry.unref();
  }

  private expire(): void {
    const now = performance.now();
    while (this.waiting[0] && this.waiting[0].deadline <= now) {
      this.waiting
        .shift()
        ?.reject(unavailable('The database did not take this alert in time. Try again shortly.'));
    }
  }

  private async run(batch: Pending[]): Promise<void> {
    let failure: unknown;
    const answers = await applyFiresInOneStatement(
      this.em,
      batch.map((p) => p.fire),
      this.paging,
      this.prepared,
    ).catch((error: unknown) => {
      failure = error;
      return null;
    });
    // The slot is free before any fallback: a fire stuck behind a lock must not hold up the rest.
    this.inFlight--;
    this.send();
    if (answers) {
      // A missing answer is "take the full path", which finds whatever the batch wrote.
      batch.forEach((p, i) => {
        p.resolve(answers[i] ?? null);
      });
      return;
    }
    // A database that cannot be reached will not serve the same fires one by one either. (A batch
    // that only timed out on a lock does fall back: that is what its short lock timeout is for.)
    if (isDatabaseUnreachable(failure)) {
      for (const p of batch) p.reject(unavailable());
      return;
    }
    // Which fire failed the batch is unknown; alone, each gets its own answer or error (the
    // statements are safe to race, as concurrent requests always were).
    await Promise.all(batch.map((p) => settle(p, applyFireInOneStatement(this.em, p.fire, this.paging))));
  }
}

async function settle(pending: Pending, outcome: Promise<SignalOutcome | null>): Promise<void> {
  try {
    pending.resolve(await outcome);
  } catch (error) {
    pending.reject(error);
  }
}
