import type { MikroORM } from '@mikro-orm/postgresql';
import { type Clock, newId } from '@oncall/core';
import { queryRows } from '@oncall/core/persistence';
import { createTestDatabase, type TestDatabase } from '@oncall/db/testing';
import { type FakeProviderOne, startFakeProviderOne } from '@oncall/fakes';
import { notifyWorkflowId } from '@oncall/workflows';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { jobIdFor } from '../src/boss/job-id';
import { createTestEngine, type TestEngine } from '../src/testing/index';
import { seeder } from './support/seed';

const WAIT = { timeout: 30_000, interval: 25 };
const AT_0930 = Date.UTC(2026, 11, 1, 9, 30);

interface PageRow {
  endpoint_id: string;
  recipient: Record<string, unknown> | string | null;
}

/**
 * A people step runs each person's notification rules on the embedded engine: the at-once ones
 * page when the step runs, a delayed one from a job on the flow queue that survives a restart and
 * pages nobody once the alert event was acknowledged. Someone without rules is paged on all their
 * endpoints at once. The delay is a pg-boss delay by the database clock: the tests make the held
 * job due, as `runPagingToEnd` does with a flow's waits.
 */
describe('notification rules, on the embedded engine', () => {
  let database: TestDatabase;
  let testEngine: TestEngine;
  let orm: MikroORM;
  let seed: ReturnType<typeof seeder>;
  let provider: FakeProviderOne;
  const clock: Clock = { now: () => new Date(AT_0930) };
  const encryptionKey = Buffer.alloc(32, 5);
  let ana: { userId: string; chat: string; sms: string; call: string };

  beforeAll(async () => {
    database = await createTestDatabase();
    orm = database.db.orm;
    provider = await startFakeProviderOne();
    testEngine = await createTestEngine(database, { encryptionKey, clock });
    seed = seeder(orm, testEngine.box);
    await seed.providerConfig(
      'sms',
      'default',
      'providerOne',
      { senderNumber: '1000', baseUrl: provider.url },
      { apiToken: 'token' },
    );
    const userId = await seed.user(`ana-${newId()}`);
    // Three contact methods, all sms to the one fake vendor: the rules, not the kinds, are under test.
    ana = {
      userId,
      chat: await seed.endpoint(userId, 'sms', { value: '09120000011' }),
      sms: await seed.endpoint(userId, 'sms', { value: '09120000012' }),
      call: await seed.endpoint(userId, 'sms', { value: '09120000013' }),
    };
    // "At once: chat; after 2 min: sms; after 5 min: call"; a high-urgency page: call at once.
    await rule(userId, 'default', 0, ana.chat);
    await rule(userId, 'default', 2, ana.sms);
    await rule(userId, 'default', 5, ana.call);
    await rule(userId, 'high', 0, ana.call);
  });
  afterAll(async () => {
    await testEngine.dispose();
    await provider.close();
    await database.dispose();
  });

  async function rule(userId: string, urgency: string, delayMinutes: number, endpointId: string) {
    await orm.em
      .fork()
      .getConnection()
      .execute(
        `insert into notification_rules (id, user_id, urgency, delay_minutes, endpoint_id, created_at)
         values (?, ?, ?, ?, ?, now())`,
        [newId(), userId, urgency, delayMinutes, endpointId],
      );
  }
  const pagesOf = (alertEventId: string): Promise<PageRow[]> =>
    queryRows<PageRow>(
      orm.em.fork(),
      `select endpoint_id, recipient from delivery_attempts
        where alert_event_id = ? and outcome = 'delivered' order by created_at, endpoint_id`,
      [alertEventId],
    );
  const recipientOf = (row: PageRow | undefined) =>
    typeof row?.recipient === 'string' ? JSON.parse(row.recipient) : row?.recipient;
  const heldJob = (alertEventId: string, endpointId: string) =>
    jobIdFor(`rule:${notifyWorkflowId(alertEventId, endpointId, 0)}`);
  const jobState = async (id: string) =>
    (
      await queryRows<{ state: string; start_ms: number }>(
        orm.em.fork(),
        `select state, (extract(epoch from start_after) * 1000)::float8 as start_ms
           from pgboss.job where name = 'oncall-flow' and id = ?`,
        [id],
      )
    )[0];
  /** The delay has passed: the held job runs now (pg-boss counts delays by the database's clock). */
  const makeDue = (id: string) =>
    queryRows(orm.em.fork(), 'update pgboss.job set start_after = now() where id = ? returning id', [id]);
  const page = async (steps: unknown[]) => {
    const flow = await seed.endpoint(ana.userId, 'flow', { steps: steps as never });
    const alertEventId = newId();
    await seed.notify(testEngine.engine.orchestrator, alertEventId, flow);
    return { flow, alertEventId };
  };

  it('pages the at-once method, holds the delayed ones, and pages them after their delay, across a restart', async () => {
    const { flow, alertEventId } = await page([{ type: 'user', userId: ana.userId }]);

    await vi.waitFor(async () => expect(await pagesOf(alertEventId)).toHaveLength(1), WAIT);
    const [first] = await pagesOf(alertEventId);
    expect(first?.endpoint_id).toBe(ana.chat);
    expect(recipientOf(first)).toEqual({
      userId: ana.userId,
      via: 'user',
      rule: { urgency: 'default', delayMinutes: 0 },
      flowEndpointId: flow,
      stepIndex: 0,
    });
    const smsJob = await jobState(heldJob(alertEventId, ana.sms));
    const callJob = await jobState(heldJob(alertEventId, ana.call));
    expect(smsJob?.state).toBe('created');
    // Held by the rules' delays: two and five minutes after the step ran (the database's clock).
    expect(Number(callJob?.start_ms)).toBeGreaterThan(Number(smsJob?.start_ms) + 2 * 60_000);

    // A restart: the held pages are rows in the queue, not timers of the process that stopped.
    await testEngine.dispose();
    testEngine = await createTestEngine(database, { encryptionKey, clock });
    await makeDue(heldJob(alertEventId, ana.sms));

    await vi.waitFor(async () => expect(await pagesOf(alertEventId)).toHaveLength(2), WAIT);
    const second = (await pagesOf(alertEventId)).find((row) => row.endpoint_id === ana.sms);
    expect(recipientOf(second)).toMatchObject({ via: 'user', rule: { urgency: 'default', delayMinutes: 2 } });
    expect((await jobState(heldJob(alertEventId, ana.call)))?.state).toBe('created');

    await makeDue(heldJob(alertEventId, ana.call));
    await vi.waitFor(async () => expect(await pagesOf(alertEventId)).toHaveLength(3), WAIT);
    expect(
      recipientOf((await pagesOf(alertEventId)).find((row) => row.endpoint_id === ana.call)),
    ).toMatchObject({
      rule: { urgency: 'default', delayMinutes: 5 },
    });
  });

  it('pages no delayed method once the alert was acknowledged before its delay', async () => {
    const { alertEventId } = await page([{ type: 'user', userId: ana.userId }]);
    await vi.waitFor(async () => expect(await pagesOf(alertEventId)).toHaveLength(1), WAIT);
    await vi.waitFor(
      async () => expect((await jobState(heldJob(alertEventId, ana.sms)))?.state).toBe('created'),
      WAIT,
    );

    await seed.stopEscalations(testEngine.engine.orchestrator, alertEventId);
    await makeDue(heldJob(alertEventId, ana.sms));
    await makeDue(heldJob(alertEventId, ana.call));

    await vi.waitFor(async () => {
      expect((await jobState(heldJob(alertEventId, ana.sms)))?.state).toBe('completed');
      expect((await jobState(heldJob(alertEventId, ana.call)))?.state).toBe('completed');
    }, WAIT);
    expect((await pagesOf(alertEventId)).map((row) => row.endpoint_id)).toEqual([ana.chat]);
  });

  it('runs the high-urgency rules for a high-urgency step', async () => {
    const { alertEventId } = await page([{ type: 'user', userId: ana.userId, urgency: 'high' }]);
    await vi.waitFor(async () => expect(await pagesOf(alertEventId)).toHaveLength(1), WAIT);
    const [first] = await pagesOf(alertEventId);
    expect(first?.endpoint_id).toBe(ana.call);
    expect(recipientOf(first)).toMatchObject({ rule: { urgency: 'high', delayMinutes: 0 } });
    expect(await jobState(heldJob(alertEventId, ana.sms))).toBeUndefined();
  });

  it('pages someone without rules on all their endpoints at once', async () => {
    const userId = await seed.user(`bo-${newId()}`);
    const endpoints = [
      await seed.endpoint(userId, 'sms', { value: '09120000021' }),
      await seed.endpoint(userId, 'sms', { value: '09120000022' }),
    ];
    const { alertEventId } = await page([{ type: 'user', userId }]);
    await vi.waitFor(async () => expect(await pagesOf(alertEventId)).toHaveLength(2), WAIT);
    const pages = await pagesOf(alertEventId);
    expect(pages.map((row) => row.endpoint_id).sort()).toEqual([...endpoints].sort());
    for (const row of pages) {
      expect(recipientOf(row)).toEqual({
        userId,
        via: 'user',
        flowEndpointId: expect.any(String),
        stepIndex: 0,
      });
    }
  });
});
