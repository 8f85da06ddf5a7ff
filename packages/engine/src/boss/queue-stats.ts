import type { Db } from 'pg-boss';
import type { QueueName } from '../driver/queues';
import type { QueueStats } from '../ports/engine-metrics';

interface StatsRow {
  name: QueueName;
  queued: number | string;
  delayed: number | string;
  active: number | string;
  failed: number | string;
  oldest: number | string | null;
}

/**
 * One statement over pg-boss's job table for every queue's backlog, by the database clock (which
 * is the clock that delays jobs). Completed and cancelled jobs are not read.
 */
export async function queueStatsOf(db: Db, queues: readonly QueueName[]): Promise<QueueStats[]> {
  const { rows } = await db.executeSql(
    `select name,
            count(*) filter (where state in ('created', 'retry') and start_after <= now()) as queued,
            count(*) filter (where state in ('created', 'retry') and start_after > now()) as delayed,
            count(*) filter (where state = 'active') as active,
            count(*) filter (where state = 'failed') as failed,
            extract(epoch from now() - min(start_after)
              filter (where state in ('created', 'retry') and start_after <= now())) as oldest
       from pgboss.job
      where name = any($1::text[]) and state in ('created', 'retry', 'active', 'failed')
      group by name`,
    [queues],
  );
  const byName = new Map((rows as StatsRow[]).map((row) => [row.name, row]));
  return queues.map((queue) => {
    const row = byName.get(queue);
    return {
      queue,
      queued: Number(row?.queued ?? 0),
      delayed: Number(row?.delayed ?? 0),
      active: Number(row?.active ?? 0),
      failed: Number(row?.failed ?? 0),
      oldestQueuedSeconds: Math.max(0, Number(row?.oldest ?? 0)),
    };
  });
}
