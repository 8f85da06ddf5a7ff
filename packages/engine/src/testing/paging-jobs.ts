import { setTimeout as sleep } from 'node:timers/promises';
import type { Core } from '@oncall/core';
import { queryRows } from '@oncall/core/persistence';
import { QUEUES } from '../driver/queues';

type Orm = Core['orm'];

const PAGING_QUEUES = [
  QUEUES.dispatch,
  QUEUES.delivery,
  QUEUES.emailDelivery,
  QUEUES.chatDelivery,
  QUEUES.flow,
].join(',');
const UNFINISHED = `('created', 'retry', 'active')`;

/**
 * Jobs that page someone (dispatches, deliveries, flow steps; retries and waits included) not yet
 * run to an end.
 */
export async function unfinishedPagingJobs(orm: Orm): Promise<number> {
  const [row] = await queryRows<{ pending: number }>(
    orm.em.fork(),
    `select count(*)::int as pending from pgboss.job
      where name = any(string_to_array(?, ',')) and state in ${UNFINISHED}`,
    [PAGING_QUEUES],
  );
  return row?.pending ?? 0;
}

/** The flows of an alert event waiting out a wait step (their timer job queued, not yet run). */
export async function waitingFlowSteps(orm: Orm, alertEventId: string): Promise<number> {
  const [row] = await queryRows<{ waiting: number }>(
    orm.em.fork(),
    `select count(*)::int as waiting from pgboss.job
      where name = ? and state = 'created' and start_after > now() and data->'input'->>'alertEventId' = ?`,
    [QUEUES.flow, alertEventId],
  );
  return row?.waiting ?? 0;
}

/**
 * Runs all paging to its end: makes every flow wait due at once (pg-boss delays by the database
 * clock, which a test cannot move) and waits until no paging job is left unfinished, waits that
 * flows start meanwhile included. Afterwards a test may assert that something was NOT sent, without
 * guessing how long to wait for it.
 */
export async function runPagingToEnd(orm: Orm, timeoutMs = 30_000): Promise<void> {
  const giveUpAt = Date.now() + timeoutMs;
  for (;;) {
    await queryRows(
      orm.em.fork(),
      `update pgboss.job set start_after = now()
        where name = ? and state = 'created' and start_after > now() returning id`,
      [QUEUES.flow],
    );
    const pending = await unfinishedPagingJobs(orm);
    if (pending === 0) return;
    if (Date.now() > giveUpAt)
      throw new Error(`${pending} paging jobs still unfinished after ${timeoutMs} ms`);
    await sleep(50);
  }
}
