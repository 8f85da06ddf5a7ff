import { setTimeout as sleep } from 'node:timers/promises';
import { queryRows } from '@oncall/core/persistence';
import type { Database } from '@oncall/db';
import { QUEUES } from '../driver/queues';

const UNFINISHED = `('created', 'retry', 'active')`;

/**
 * Makes every queued auto-resolve timer due now and waits until those jobs have run (completed or
 * failed for good). pg-boss delays jobs by the database clock, which a test cannot move: advance the
 * TestCore's clock past the deadline, then call this. A timer that finds its deadline not yet
 * reached by the clock queues the rest of its wait as a new job, which is left queued.
 *
 * @returns how many timers ran
 */
export async function runAutoResolveTimersNow(db: Database, timeoutMs = 20_000): Promise<number> {
  const due = await queryRows<{ id: string }>(
    db.orm.em.fork(),
    `update pgboss.job set start_after = now()
      where name = ? and state in ('created', 'retry') returning id`,
    [QUEUES.autoResolve],
  );
  if (due.length === 0) return 0;
  const ids = due.map((row) => row.id).join(',');
  const giveUpAt = Date.now() + timeoutMs;
  for (;;) {
    const [row] = await queryRows<{ pending: number }>(
      db.orm.em.fork(),
      `select count(*)::int as pending from pgboss.job
        where name = ? and id = any(string_to_array(?, ',')::uuid[]) and state in ${UNFINISHED}`,
      [QUEUES.autoResolve, ids],
    );
    if (row?.pending === 0) return due.length;
    if (Date.now() > giveUpAt)
      throw new Error(`${row?.pending} auto-resolve timers did not run in ${timeoutMs} ms`);
    await sleep(25);
  }
}
