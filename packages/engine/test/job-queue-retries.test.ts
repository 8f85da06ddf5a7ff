import { queryRows } from '@oncall/core/persistence';
import { createTestDatabase, type TestDatabase } from '@oncall/db/testing';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { jobIdFor } from '../src/boss/job-id';
import { type JobQueue, openJobQueue } from '../src/boss/job-queue';
import { isProgrammingError } from '../src/boss/programming-error';
import { DEFAULT_QUEUE_TUNING, RETRY_UNTIL_RETENTION } from '../src/boss/queue-tuning';
import { QUEUES } from '../src/driver/queues';
import { type JobFailureCause, type JobFailureOutcome, NO_ENGINE_METRICS } from '../src/ports/engine-metrics';

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

describe('a job whose handler fails with a programming error', () => {
  const BOUND_SECONDS = 1;
  let database: TestDatabase;
  let queue: JobQueue;
  const failures: Array<{ queue: string; outcome: JobFailureOutcome; cause: JobFailureCause }> = [];

  beforeAll(async () => {
    database = await createTestDatabase();
    queue = await openJobQueue(database.db, {
      tuning: {
        retryDelayMaxSeconds: 0,
        pollingIntervalSeconds: 0.5,
        programmingErrorRetrySeconds: BOUND_SECONDS,
      },
      metrics: {
        ...NO_ENGINE_METRICS,
        jobFailed: (name, outcome, cause) => failures.push({ queue: name, outcome, cause }),
      },
    });
  });
  afterAll(async () => {
    await queue.stop();
    await database.dispose();
  });

  const jobOf = async (name: string, id: string) => {
    const [job] = await queryRows<{
      state: string;
      retry_count: number;
      output: { message?: string } | null;
    }>(
      database.db.orm.em.fork(),
      'select state, retry_count, output from pgboss.job where name = ? and id = ?',
      [name, id],
    );
    return job;
  };

  it('is retried for a bounded time, then failed for good and counted as failed', async () => {
    let calls = 0;
    await queue.work<{ n: number }>(QUEUES.temporalAutoResolve, async (data) => {
      calls += 1;
      // A bug: reading a property of something that is not there.
      const missing = (data as unknown as { absent?: { id: string } }).absent;
      if (missing === undefined) throw new TypeError("Cannot read properties of undefined (reading 'id')");
    });
    const id = jobIdFor('bug:gives-up');
    await queue.send(QUEUES.temporalAutoResolve, { n: 1 }, { id });

    await vi.waitFor(
      async () => expect((await jobOf(QUEUES.temporalAutoResolve, id))?.state).toBe('failed'),
      WAIT,
    );
    const job = await jobOf(QUEUES.temporalAutoResolve, id);
    expect(job?.output?.message).toBe("Cannot read properties of undefined (reading 'id')");
    // Retried first: the bound is a time, not a first failure.
    expect(calls).toBeGreaterThan(1);
    expect(job?.retry_count).toBe(calls - 1);
    const ofJob = failures.filter((failure) => failure.queue === QUEUES.temporalAutoResolve);
    expect(ofJob.at(-1)).toEqual({
      queue: QUEUES.temporalAutoResolve,
      outcome: 'failed',
      cause: 'programming_error',
    });
    expect(ofJob.slice(0, -1).every((failure) => failure.outcome === 'retried')).toBe(true);
  });

  it('keeps retrying a job that fails for anything else past that time', async () => {
    let calls = 0;
    let since = 0;
    await queue.work<{ n: number }>(QUEUES.temporalOutbox, async () => {
      calls += 1;
      since ||= Date.now();
      // An outage: Temporal (or the database) does not answer, for longer than the bug bound.
      if (Date.now() - since < BOUND_SECONDS * 2_000) throw new Error('14 UNAVAILABLE: Connection refused');
    });
    const id = jobIdFor('outage:outlasts-the-bound');
    await queue.send(QUEUES.temporalOutbox, { n: 1 }, { id });

    await vi.waitFor(
      async () => expect((await jobOf(QUEUES.temporalOutbox, id))?.state).toBe('completed'),
      WAIT,
    );
    expect(calls).toBeGreaterThan(1);
    const ofJob = failures.filter((failure) => failure.queue === QUEUES.temporalOutbox);
    expect(ofJob.every((failure) => failure.outcome === 'retried' && failure.cause === 'other')).toBe(true);
  });
});

describe('isProgrammingError', () => {
  it('tells bugs from outages', () => {
    expect(isProgrammingError(new TypeError('x is not a function'))).toBe(true);
    expect(isProgrammingError(new ReferenceError('y is not defined'))).toBe(true);
    expect(isProgrammingError(new RangeError('Invalid array length'))).toBe(true);
    expect(isProgrammingError(new Error('Connection terminated unexpectedly'))).toBe(false);
    expect(isProgrammingError(new Error('No sms provider config to deliver to x with'))).toBe(false);
    // fetch reports an unreachable host as a TypeError whose cause is the system error.
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:7233'), { code: 'ECONNREFUSED' });
    expect(isProgrammingError(new TypeError('fetch failed', { cause: refused }))).toBe(false);
    expect(isProgrammingError('a string')).toBe(false);
  });
});
