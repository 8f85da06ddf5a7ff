import type { EntityManager } from '@mikro-orm/core';
import { queryRows } from '../persistence/query-rows';
import type { SignalOutcome } from './alert-signal';
import {
  applyFireInOneStatement,
  batchElement,
  type OneStatementAnswer,
  type OneStatementFire,
  outcomeOf,
} from './fire-in-one-statement';

export interface FireBatcherLimits {
  /** Statements running at once; fires that arrive while all run wait for the next one. */
  maxInFlight: number;
  /** Fires in one statement at most. */
  maxBatch: number;
}

/**
 * One statement at a time, measured (docs/benchmarks.md): two or four in flight made smaller batches
 * that also waited on each other's instance locks, and gave a third to half less throughput.
 */
const DEFAULT_LIMITS: FireBatcherLimits = { maxInFlight: 1, maxBatch: 64 };

interface Pending {
  fire: OneStatementFire;
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
 */
export class FireBatcher {
  private readonly waiting: Pending[] = [];
  private inFlight = 0;

  constructor(
    private readonly em: EntityManager,
    private readonly limits: FireBatcherLimits = DEFAULT_LIMITS,
  ) {}

  /** The fire's outcome, or null when it must take the full path (nothing of it was written). */
  apply(fire: OneStatementFire): Promise<SignalOutcome | null> {
    return new Promise((resolve, reject) => {
      this.waiting.push({ fire, resolve, reject });
      this.send();
    });
  }

  private send(): void {
    while (this.inFlight < this.limits.maxInFlight && this.waiting.length > 0) {
      this.inFlight++;
      void this.run(this.waiting.splice(0, this.limits.maxBatch));
    }
  }

  private async run(batch: Pending[]): Promise<void> {
    const answers = await this.applyTogether(batch.map((p) => p.fire)).catch(() => null);
    // The slot is free before any fallback: a fire stuck behind a lock must not hold up the rest.
    this.inFlight--;
    this.send();
    if (answers) {
      // A missing answer is "take the full path", which finds whatever the batch wrote.
      batch.forEach((p, i) => {
        p.resolve(outcomeOf(p.fire, answers[i] ?? null));
      });
      return;
    }
    // Which fire failed the batch is unknown; alone, each gets its own answer or error (the
    // statements are safe to race, as concurrent requests always were).
    await Promise.all(batch.map((p) => settle(p, applyFireInOneStatement(this.em, p.fire))));
  }

  private async applyTogether(fires: OneStatementFire[]): Promise<OneStatementAnswer[]> {
    const [row] = await queryRows<{ outcomes: OneStatementAnswer[] | null }>(
      this.em,
      'select apply_fires_in_one_statement(?::jsonb) as outcomes',
      [JSON.stringify(fires.map((fire, i) => batchElement(fire, i + 1)))],
    );
    return row?.outcomes ?? [];
  }
}

async function settle(pending: Pending, outcome: Promise<SignalOutcome | null>): Promise<void> {
  try {
    pending.resolve(await outcome);
  } catch (error) {
    pending.reject(error);
  }
}
