import { createTestDatabase, type TestDatabase } from '@oncall/db/testing';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { jobIdFor } from '../src/boss/job-id';
import { type JobQueue, openJobQueue } from '../src/boss/job-queue';
import { QUEUES } from '../src/driver/queues';

/**
 * pg-boss's statements are planned against the job table as it is when they run. Kept as named
 * statements, a job completion planned in the first seconds after a fresh start (an empty table)
 * kept a plan that read every job of its queue to find its few, slower with every job.
 */
describe('the job queue on PostgreSQL', () => {
  let database: TestDatabase;
  let queue: JobQueue;

  beforeAll(async () => {
    database = await createTestDatabase();
    queue = await openJobQueue(database.db, { tuning: { pollingIntervalSeconds: 0.5 } });
  });
  afterAll(async () => {
    await queue.stop();
    await database.dispose();
  });

  /** What every session of the pool keeps prepared. */
  async function preparedInEverySession(): Promise<string[]> {
    const pool = await database.db.orm.em.getConnection().getNativeClient();
    const sessions = await Promise.all(Array.from({ length: pool.totalCount }, () => pool.connect()));
    try {
      const kept = await Promise.all(
        sessions.map((session) =>
          session.query<{ statement: string }>('select statement from pg_prepared_statements'),
        ),
      );
      return kept.flatMap((result) => result.rows.map((row) => row.statement));
    } finally {
      for (const session of sessions) session.release();
    }
  }

  it('plans each job completion afresh: no session keeps one prepared', async (ctx) => {
    // PGlite has no prepared statements of its own.
    if (database.db.pglite) ctx.skip();
    const ran: number[] = [];
    await queue.work<{ n: number }>(QUEUES.temporalOutbox, async (job) => {
      ran.push(job.n);
    });
    // More completions than PostgreSQL plans afresh before it may keep a generic plan.
    for (let n = 1; n <= 8; n++) {
      await queue.send(QUEUES.temporalOutbox, { n }, { id: jobIdFor(`outbox:plan:${n}`) });
      await vi.waitFor(() => expect(ran).toContain(n), { timeout: 10_000, interval: 20 });
    }
    await vi.waitFor(
      async () => {
        const completed = await database.db.orm.em
          .fork()
          .getConnection()
          .execute<{ count: string }[]>(
            `select count(*)::text as count from pgboss.job where name = ? and state = 'completed'`,
            [QUEUES.temporalOutbox],
          );
        expect(completed[0]?.count).toBe('8');
      },
      { timeout: 10_000, interval: 50 },
    );

    const kept = await preparedInEverySession();
    expect(kept.filter((statement) => /completed_on\s*=\s*pgboss\.job_now\(\)/.test(statement))).toEqual([]);
  });
});
