import type { MikroORM } from '@mikro-orm/postgresql';
import { queryRows } from '@oncall/core/persistence';
import { createTestDatabase, type TestDatabase } from '@oncall/db/testing';
import {
  type FakeProviderOne,
  type FakeWebhookReceiver,
  startFakeProviderOne,
  startFakeWebhookReceiver,
} from '@oncall/fakes';
import { notifyWorkflowId, otpWorkflowId } from '@oncall/workflows';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { jobIdFor, jobIdSql } from '../src/boss/job-id';
import { LANE_QUEUES, QUEUES } from '../src/driver/queues';
import type { QueueTuning } from '../src/index';
import { createTestEngine, type TestEngine } from '../src/testing/index';
import { attemptsOf } from './support/attempts';
import { seeder } from './support/seed';

const WAIT = { timeout: 20_000, interval: 25 };
const KEY = Buffer.alloc(32, 9);

interface JobRow {
  state: string;
  started_on: Date | null;
  data: { direct?: boolean; replay?: boolean };
}

/**
 * Fire → page without a queue hop: the process that commits a dispatch job runs it at once, the job
 * (delayed by a lease) kept as the backstop that a worker takes over if that run never marked it.
 */
describe('direct dispatch after commit', () => {
  let database: TestDatabase;
  let orm: MikroORM;
  let provider: FakeProviderOne;
  let webhook: FakeWebhookReceiver;
  let seed: ReturnType<typeof seeder>;
  let userId: string;
  let engine: TestEngine | undefined;

  beforeAll(async () => {
    database = await createTestDatabase();
    orm = database.db.orm;
    provider = await startFakeProviderOne();
    webhook = await startFakeWebhookReceiver();
  });
  afterEach(async () => {
    await engine?.dispose();
    engine = undefined;
  });
  afterAll(async () => {
    await provider.close();
    await webhook.close();
    await database.dispose();
  });

  const start = async (tuning: Partial<QueueTuning>) => {
    const started = await createTestEngine(database, { encryptionKey: KEY, tuning });
    engine = started;
    if (seed === undefined) {
      seed = seeder(orm, started.box);
      userId = await seed.user();
      await seed.providerConfig(
        'sms',
        'default',
        'providerOne',
        { senderNumber: '1000', baseUrl: provider.url },
        { apiToken: 'token' },
      );
    }
    return started;
  };
  const requestOtp = (testEngine: TestEngine, code: string, options: { rollback?: boolean } = {}) =>
    seed.requestOtp(
      testEngine.engine.orchestrator,
      { userId, channel: 'sms', destination: '09120000001', code },
      options,
    );
  const jobOf = async (otpId: string): Promise<JobRow | undefined> => {
    const [row] = await queryRows<JobRow>(
      orm.em.fork(),
      'select state, started_on, data from pgboss.job where id = ?',
      [jobIdFor(otpWorkflowId(otpId))],
    );
    return row;
  };
  const sentWith = (code: string) =>
    provider.requests.filter((request) => String(request.query.message ?? '').includes(code)).length;

  // Workers that poll every 30 s and are woken by no NOTIFY (the job is delayed) cannot be the
  // ones that send within seconds.
  const SLOW_WORKERS = { pollingIntervalSeconds: 30 };

  it('sends from the committing process, never through a worker, and marks the job completed', async () => {
    const testEngine = await start(SLOW_WORKERS);
    const otpId = await requestOtp(testEngine, '111111');
    await vi.waitFor(async () => {
      expect((await attemptsOf(orm, otpWorkflowId(otpId))).map((a) => a.outcome)).toEqual(['delivered']);
      expect(await jobOf(otpId)).toMatchObject({
        state: 'completed',
        started_on: null,
        data: { direct: true },
      });
    }, WAIT);
    expect(sentWith('111111')).toBe(1);
  });

  it('pages nobody for a transaction that rolled back', async () => {
    const testEngine = await start(SLOW_WORKERS);
    const otpId = await requestOtp(testEngine, '222222', { rollback: true });
    // A committed one after it is sent: by then a rolled-back one would have been too.
    const later = await requestOtp(testEngine, '222223');
    await vi.waitFor(() => expect(sentWith('222223')).toBe(1), WAIT);
    expect(sentWith('222222')).toBe(0);
    expect(await jobOf(otpId)).toBeUndefined();
    // The mark follows the send (grouped with others'), so it may land a moment later.
    await vi.waitFor(async () => expect(await jobOf(later)).toMatchObject({ state: 'completed' }), WAIT);
  });

  it('sends nothing again when a worker takes over a job whose direct send was recorded', async () => {
    const first = await start(SLOW_WORKERS);
    const otpId = await requestOtp(first, '333333');
    await vi.waitFor(async () => {
      expect((await attemptsOf(orm, otpWorkflowId(otpId))).map((a) => a.outcome)).toEqual(['delivered']);
    }, WAIT);
    await first.dispose();
    engine = undefined;
    // As if the process died after recording the send and before marking the job: it is still
    // queued when the lease ends.
    await queryRows(
      orm.em.fork(),
      `update pgboss.job set state = 'created', completed_on = null, start_after = now() where id = ?`,
      [jobIdFor(otpWorkflowId(otpId))],
    );
    await start({ pollingIntervalSeconds: 0.5 });
    await vi.waitFor(async () => {
      const job = await jobOf(otpId);
      expect(job?.state).toBe('completed');
      expect(job?.started_on).not.toBeNull();
    }, WAIT);
    expect(sentWith('333333')).toBe(1);
    expect((await attemptsOf(orm, otpWorkflowId(otpId))).map((a) => a.outcome)).toEqual(['delivered']);
  });

  it('hands a burst beyond its concurrency to the workers, each paged once', async () => {
    const testEngine = await start({ pollingIntervalSeconds: 0.5, directConcurrency: 1, directMaxWaitMs: 0 });
    const codes = ['444441', '444442', '444443', '444444', '444445'];
    const otpIds = await Promise.all(codes.map((code) => requestOtp(testEngine, code)));
    await vi.waitFor(async () => {
      for (const otpId of otpIds) expect((await jobOf(otpId))?.state).toBe('completed');
    }, WAIT);
    for (const code of codes) expect(sentWith(code)).toBe(1);
    // With no wait allowed, at least the ones that found the only slot taken went to a worker.
    const viaWorkers = (await Promise.all(otpIds.map(jobOf))).filter((job) => job?.started_on !== null);
    expect(viaWorkers.length).toBeGreaterThan(0);
  });
  // Issue #31 item 5: a chat page used to take the lane queue's hop (insert, wake, claim, complete)
  // on every send; when its shares have room, the committing process sends it as it sends a page.
  describe('a chat delivery (the slow lanes)', () => {
    /** The job of `queue` under a delivery's business key, if there is one. */
    const jobIn = async (queue: string, key: string) => {
      const [row] = await queryRows<JobRow>(
        orm.em.fork(),
        'select state, started_on, data from pgboss.job where name = ? and id = ?',
        [queue, jobIdFor(key)],
      );
      return row;
    };
    const chatJobOf = (key: string) => jobIn(LANE_QUEUES.chat, key);
    const dispatchJobOf = (key: string) => jobIn(QUEUES.dispatch, key);
    const postsTo = (path: string) => webhook.requests.filter((request) => request.path === path).length;
    /** A Mattermost endpoint paged about a new alert event, in a committed transaction. */
    const pageChat = async (testEngine: TestEngine, path: string) => {
      const endpointId = await seed.endpoint(userId, 'matter-most', { value: `${webhook.url}${path}` });
      const alertEventId = await seed.alertEvent(await seed.alertRule(userId), 'fired');
      await seed.notify(testEngine.engine.orchestrator, alertEventId, endpointId);
      return notifyWorkflowId(alertEventId, endpointId);
    };

    it('sends from the committing process while its shares have room, with no job of the chat lane', async () => {
      const testEngine = await start(SLOW_WORKERS);
      const key = await pageChat(testEngine, '/hooks/direct-chat');
      await vi.waitFor(async () => {
        expect(postsTo('/hooks/direct-chat')).toBe(1);
        expect((await attemptsOf(orm, key)).map((a) => a.outcome)).toEqual(['delivered']);
        expect(await dispatchJobOf(key)).toMatchObject({ state: 'completed', started_on: null });
      }, WAIT);
      expect(await chatJobOf(key)).toBeUndefined();
    });

    it('queues it to the chat lane when no send may run here, and the lane delivers it once', async () => {
      // One direct run at a time: none of it may go to a slow-lane send.
      const testEngine = await start({ pollingIntervalSeconds: 0.5, directConcurrency: 1 });
      const key = await pageChat(testEngine, '/hooks/queued-chat');
      await vi.waitFor(async () => {
        expect(await chatJobOf(key)).toMatchObject({ state: 'completed' });
        expect((await attemptsOf(orm, key)).map((a) => a.outcome)).toEqual(['delivered']);
      }, WAIT);
      expect(postsTo('/hooks/queued-chat')).toBe(1);
    });

    it('sends nothing again when a takeover hands a send made here to the lane', async () => {
      const first = await start(SLOW_WORKERS);
      const key = await pageChat(first, '/hooks/taken-over-chat');
      await vi.waitFor(async () => {
        expect((await attemptsOf(orm, key)).map((a) => a.outcome)).toEqual(['delivered']);
      }, WAIT);
      await first.dispose();
      engine = undefined;
      // As if the process died after recording the send and before marking the dispatch job; the
      // process taking over has no room for a send of its own, so it queues the delivery to the lane.
      await queryRows(
        orm.em.fork(),
        `update pgboss.job set state = 'created', completed_on = null, start_after = now()
          where name = ? and id = ?`,
        [QUEUES.dispatch, jobIdFor(key)],
      );
      await start({ pollingIntervalSeconds: 0.5, directConcurrency: 1 });
      await vi.waitFor(async () => {
        expect(await chatJobOf(key)).toMatchObject({ state: 'completed', data: { replay: true } });
      }, WAIT);
      expect(postsTo('/hooks/taken-over-chat')).toBe(1);
      expect((await attemptsOf(orm, key)).map((a) => a.outcome)).toEqual(['delivered']);
    });
  });

  describe('notifies queued by a statement of the core (the statement outbox)', () => {
    /** A page of an alert event to an SMS endpoint, queued by one statement as ingestion does. */
    const queueInOneStatement = async (
      testEngine: TestEngine,
      receptor: string,
      options: { failAfter?: boolean } = {},
    ) => {
      const outbox = testEngine.engine.orchestrator.statementOutbox?.();
      if (!outbox) throw new Error('a running embedded engine takes notifies in a statement');
      const ruleId = await seed.alertRule(userId);
      const endpointId = await seed.endpoint(userId, 'sms', { value: receptor });
      const alertEventId = await seed.alertEvent(ruleId, 'fired');
      const { sql, created } = outbox.ctes('pages');
      const statement = queryRows<{ alert_event_id: string; endpoint_id: string; ref: string }>(
        orm.em.fork(),
        `with pages as (select ?::uuid as alert_event_id, ?::uuid as endpoint_id), ${sql}
         select c.alert_event_id, c.endpoint_id, c.ref ${options.failAfter ? ', 1 / 0 as boom' : ''}
           from ${created} as c`,
        [alertEventId, endpointId],
      );
      const queued = await statement;
      return {
        alertEventId,
        endpointId,
        jobId: jobIdFor(notifyWorkflowId(alertEventId, endpointId)),
        queued: queued.map((row) => ({
          alertEventId: row.alert_event_id,
          endpointId: row.endpoint_id,
          ref: row.ref,
        })),
        outbox,
      };
    };
    const jobById = async (id: string): Promise<JobRow | undefined> => {
      const [row] = await queryRows<JobRow>(
        orm.em.fork(),
        'select state, started_on, data from pgboss.job where id = ?',
        [id],
      );
      return row;
    };
    const DISPATCH_JOBS = "select count(*)::int as n from pgboss.job where name = 'dispatch'";
    const smsTo = (number: string) =>
      provider.requests.filter((request) => request.query.receptor === number).length;

    it('computes in SQL the job ids jobIdFor gives', async () => {
      await start(SLOW_WORKERS);
      const keys = [
        'notify:0192f0a4-1d2e-7c3b-9a4f-5e6d7c8b9a0f:0192f0a4-1d2e-7c3b-9a4f-000000000001',
        'otp:x',
        'ü',
      ];
      for (const key of keys) {
        const [row] = await queryRows<{ id: string }>(orm.em.fork(), `select ${jobIdSql('?::text')} as id`, [
          key,
        ]);
        expect(row?.id).toBe(jobIdFor(key));
      }
    });

    it('queues the dispatch job under its business id, and sends it from here once committed', async () => {
      const testEngine = await start(SLOW_WORKERS);
      const { queued, jobId, alertEventId, endpointId, outbox } = await queueInOneStatement(
        testEngine,
        '09120000011',
      );
      expect(queued).toEqual([{ alertEventId, endpointId, ref: jobId }]);
      expect(await jobById(jobId)).toMatchObject({ state: 'created', data: { direct: true } });
      outbox.committed(queued);
      await vi.waitFor(async () => {
        expect(smsTo('09120000011')).toBe(1);
        expect(await jobById(jobId)).toMatchObject({ state: 'completed', started_on: null });
      }, WAIT);
      expect(smsTo('09120000011')).toBe(1);
    });

    it('pages once, through a worker, when the process dies between the commit and the send', async () => {
      const first = await start(SLOW_WORKERS);
      // Never handed to `committed`: as if the process died right after the statement committed.
      const { jobId } = await queueInOneStatement(first, '09120000012');
      await first.dispose();
      engine = undefined;
      // The lease runs out.
      await queryRows(orm.em.fork(), 'update pgboss.job set start_after = now() where id = ?', [jobId]);
      await start({ pollingIntervalSeconds: 0.5 });
      await vi.waitFor(async () => {
        const job = await jobById(jobId);
        expect(job?.state).toBe('completed');
        expect(job?.started_on).not.toBeNull();
      }, WAIT);
      expect(smsTo('09120000012')).toBe(1);
    });

    it('takes over the leased job of a process that is gone within seconds, not at the lease end', async () => {
      const first = await start(SLOW_WORKERS);
      // Never handed to `committed`: as if the process died right after the statement committed.
      const { jobId } = await queueInOneStatement(first, '09120000014');
      expect((await jobById(jobId))?.data).toMatchObject({ direct: true, owner: expect.any(String) });
      await first.dispose();
      engine = undefined;
      // The lease (92 s) is left as it is: the registry finds its owner not alive.
      await start({ pollingIntervalSeconds: 0.5 });
      await vi.waitFor(async () => expect((await jobById(jobId))?.state).toBe('completed'), WAIT);
      expect(smsTo('09120000014')).toBe(1);
    });

    it("takes over a job a dead worker had active within seconds, not at the expiry's end", async () => {
      const first = await start(SLOW_WORKERS);
      const { jobId } = await queueInOneStatement(first, '09120000015');
      await first.dispose();
      engine = undefined;
      // Claimed by a worker of a process that then died (expiry 90 s, still far off).
      await queryRows(
        orm.em.fork(),
        `update pgboss.job set state = 'active', start_after = now(), started_on = now() - interval '10 seconds'
          where id = ?`,
        [jobId],
      );
      await start({ pollingIntervalSeconds: 0.5 });
      await vi.waitFor(async () => expect((await jobById(jobId))?.state).toBe('completed'), WAIT);
      expect(smsTo('09120000015')).toBe(1);
    });

    it('queues nothing when the statement fails', async () => {
      const testEngine = await start(SLOW_WORKERS);
      const before = (await queryRows<{ n: number }>(orm.em.fork(), DISPATCH_JOBS))[0]?.n;
      await expect(queueInOneStatement(testEngine, '09120000013', { failAfter: true })).rejects.toThrow(
        /division by zero/,
      );
      const after = (await queryRows<{ n: number }>(orm.em.fork(), DISPATCH_JOBS))[0]?.n;
      expect(after).toBe(before);
    });

    it('queues a runnable job from a process that only queues, and wakes the workers elsewhere', async () => {
      // The workers poll every 30 s: only the statement's NOTIFY makes them send within seconds.
      await start(SLOW_WORKERS);
      const queueOnly = await createTestEngine(database, { encryptionKey: KEY, runWorkers: false });
      try {
        const { queued, jobId, alertEventId, endpointId } = await queueInOneStatement(
          queueOnly,
          '09120000016',
        );
        expect(queued).toEqual([{ alertEventId, endpointId, ref: jobId }]);
        await vi.waitFor(async () => {
          expect(smsTo('09120000016')).toBe(1);
          const job = await jobById(jobId);
          expect(job?.state).toBe('completed');
          expect(job?.data.direct).toBeUndefined();
        }, WAIT);
        expect(smsTo('09120000016')).toBe(1);
      } finally {
        await queueOnly.dispose();
      }
    });
  });
});
