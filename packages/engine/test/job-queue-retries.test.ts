import { queryRows } from '@oncall/core';
import { createTestDatabase, type TestDatabase } from '@oncall/db/testing';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { jobIdFor } from '../src/boss/job-id';
import { type JobQueue, openJobQueue } from '../src/boss/job-queue';
import { DEFAULT_QUEUE_TUNING, RETRY_UNTIL_RETENTION } from '../src/boss/queue-tuning';
import { QUEUES } from '../src/embedded/queues';

const WAIT = { timeout: 30_000, interval: 100 };
// pg-boss gave up on a job after its tenth retry when the limit was 10.
const FORMER_LIMIT = 10;

describe('a job whose handler keeps failing', () => {
  let database: TestDatabase;
  let queue: JobQueue;

  beforeAll(async () => {
    database = await createTestDatabase();
    // No wait between retries, so many of them fit in a test; the limit is the default one.
    queue = await openJobQueue(database.db, {
      tuning: { retryDelayMaxSeconds: 0, pollingIntervalSeconds: 0.5 },
    });
  });
  afterAll(async () => {
    await queue.stop();
    await database.dispose();
  });

  it('is retried by default until it succeeds, however many times it failed', async () => {
    expect(DEFAULT_QUEUE_TUNING.retryLimit).toBe(RETRY_UNTIL_RETENTION);
    const failures = FORMER_LIMIT + 3;
    let calls = 0;
    await queue.work<{ n: number }>(QUEUES.temporalOutbox, async () => {
      calls += 1;
      if (calls <= failures) throw new Error(`Temporal unreachable (${calls})`);
    });
    const id = jobIdFor('outbox:kept-through-an-outage');
    await queue.send(QUEUES.temporalOutbox, { n: 1 }, { id });

    const stateOf = async () => {
      const [job] = await queryRows<{ state: string; retry_count: number }>(
        database.db.orm.em.fork(),
        'select state, retry_count from pgboss.job where name = ? and id = ?',
        [QUEUES.temporalOutbox, id],
      );
      return job;
    };
    await vi.waitFor(async () => expect((await stateOf())?.state).toBe('completed'), WAIT);
    expect(calls).toBe(failures + 1);
    expect((await stateOf())?.retry_count).toBe(failures);
  });
});
