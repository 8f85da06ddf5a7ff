import type { PreparedStatements } from '@oncall/core';
import { createTestDatabase, type TestDatabase } from '@oncall/db/testing';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { jobIdFor } from '../src/boss/job-id';
import { type JobQueue, openJobQueue } from '../src/boss/job-queue';
import { QUEUES } from '../src/driver/queues';

/**
 * pg-boss's statements with parameters (its job completions above all, grouped but many a second
 * under load) run prepared where the database has prepared statements, as the fire statement does.
 */
describe('the job queue on PostgreSQL', () => {
  let database: TestDatabase;
  let queue: JobQueue;
  const prepared: string[] = [];

  beforeAll(async () => {
    database = await createTestDatabase();
    const statements = database.db.prepared;
    const recording: PreparedStatements | undefined = statements && {
      rows: (text, values) => {
        prepared.push(text);
        return statements.rows(text, values);
      },
    };
    queue = await openJobQueue(
      { ...database.db, prepared: recording },
      { tuning: { pollingIntervalSeconds: 0.5 } },
    );
  });
  afterAll(async () => {
    await queue.stop();
    await database.dispose();
  });

  it('completes its jobs with a prepared statement', async (ctx) => {
    // PGlite has none: pg-boss sends its statements as before there.
    if (!database.db.prepared) ctx.skip();
    const ran: number[] = [];
    await queue.work<{ n: number }>(QUEUES.temporalOutbox, async (job) => {
      ran.push(job.n);
    });
    await queue.send(QUEUES.temporalOutbox, { n: 7 }, { id: jobIdFor('outbox:prepared') });

    await vi.waitFor(() => expect(ran).toEqual([7]), { timeout: 10_000, interval: 50 });
    await vi.waitFor(
      () =>
        expect(
          prepared.some((text) =>
            /SET\s+completed_on\s*=\s*pgboss\.job_now\(\),\s*state\s*=\s*'completed'/.test(text),
          ),
        ).toBe(true),
      { timeout: 10_000, interval: 50 },
    );
  });
});
