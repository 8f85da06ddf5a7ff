import type { MikroORM } from '@mikro-orm/postgresql';
import { newId } from '@oncall/core';
import { queryRows } from '@oncall/core/persistence';
import { createTestDatabase, type TestDatabase } from '@oncall/db/testing';
import { type FakeProviderOne, startFakeProviderOne } from '@oncall/fakes';
import { flowWorkflowId, notifyWorkflowId } from '@oncall/workflows';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { jobIdFor } from '../src/boss/job-id';
import { createTestEngine, type TestEngine } from '../src/testing/index';
import { attemptsOf } from './support/attempts';
import { seeder } from './support/seed';

const WAIT = { timeout: 20_000, interval: 25 };

describe('flow endpoints on the embedded engine', () => {
  let database: TestDatabase;
  let testEngine: TestEngine;
  let orm: MikroORM;
  let seed: ReturnType<typeof seeder>;
  let provider: FakeProviderOne;
  let oncall: string;
  let lead: string;

  beforeAll(async () => {
    database = await createTestDatabase();
    orm = database.db.orm;
    provider = await startFakeProviderOne();
    testEngine = await createTestEngine(database, { encryptionKey: Buffer.alloc(32, 3) });
    seed = seeder(orm, testEngine.box);
    const userId = await seed.user();
    await seed.providerConfig(
      'sms',
      'default',
      'providerOne',
      { senderNumber: '1000', baseUrl: provider.url },
      { apiToken: 'token' },
    );
    oncall = await seed.endpoint(userId, 'sms', { value: '09120000001' });
    lead = await seed.endpoint(userId, 'sms', { value: '09120000002' });
  });
  afterAll(async () => {
    await testEngine.dispose();
    await provider.close();
    await database.dispose();
  });

  const flowOf = async () => {
    const userId = await seed.user(`flow-owner-${newId()}`);
    return seed.endpoint(userId, 'flow', {
      steps: [
        { type: 'endpoint', endpointIds: [oncall] },
        { type: 'wait', duration: 1, timeUnit: 's' },
        { type: 'endpoint', endpointIds: [lead] },
      ],
    });
  };
  const pagesTo = (receptor: string, alertEventId: string) =>
    provider.requests.filter((r) => r.query.receptor === receptor && r.query.message?.includes(alertEventId));

  it('escalates through its steps: the first endpoint, a wait, then the next one', async () => {
    const flow = await flowOf();
    const alertEventId = newId();
    await seed.notify(testEngine.engine.orchestrator, alertEventId, flow);

    await vi.waitFor(async () => {
      expect(await attemptsOf(orm, notifyWorkflowId(alertEventId, lead, 2))).toHaveLength(1);
    }, WAIT);
    expect(pagesTo('09120000001', alertEventId)).toHaveLength(1);
    expect(pagesTo('09120000002', alertEventId)).toHaveLength(1);
    expect((await attemptsOf(orm, notifyWorkflowId(alertEventId, oncall, 0))).map((a) => a.outcome)).toEqual([
      'delivered',
    ]);
  });

  it('stops before its next step once the alert event is acknowledged', async () => {
    const flow = await flowOf();
    const alertEventId = newId();
    await seed.notify(testEngine.engine.orchestrator, alertEventId, flow);
    await vi.waitFor(async () => {
      expect(await attemptsOf(orm, notifyWorkflowId(alertEventId, oncall, 0))).toHaveLength(1);
    }, WAIT);
    await seed.stopEscalations(testEngine.engine.orchestrator, alertEventId);

    // The wait step's timer job runs, reads the stop marker and finishes the flow.
    const timerJob = jobIdFor(`${flowWorkflowId(alertEventId, flow)}:step:1`);
    await vi.waitFor(async () => {
      const [job] = await queryRows<{ state: string }>(
        orm.em.fork(),
        'select state from pgboss.job where name = ? and id = ?',
        ['oncall-flow', timerJob],
      );
      expect(job?.state).toBe('completed');
    }, WAIT);
    expect(pagesTo('09120000001', alertEventId)).toHaveLength(1);
    expect(pagesTo('09120000002', alertEventId)).toEqual([]);
    expect(await attemptsOf(orm, notifyWorkflowId(alertEventId, lead, 2))).toEqual([]);
  });
  it('repeats its steps until the alert event is acknowledged, then pages no further round', async () => {
    const userId = await seed.user(`flow-owner-${newId()}`);
    const flow = await seed.endpoint(userId, 'flow', {
      steps: [
        { type: 'endpoint', endpointIds: [oncall] },
        // Long enough that the round's page is recorded before its wait ends, on a loaded machine.
        { type: 'wait', duration: 4, timeUnit: 's' },
        { type: 'repeat', rounds: 5 },
      ],
    });
    const alertEventId = newId();
    await seed.notify(testEngine.engine.orchestrator, alertEventId, flow);
    await vi.waitFor(async () => {
      expect(await attemptsOf(orm, notifyWorkflowId(alertEventId, oncall, 0, 1))).toHaveLength(1);
    }, WAIT);
    await seed.stopEscalations(testEngine.engine.orchestrator, alertEventId);

    // Round 1's wait job runs, reads the stop marker and finishes the flow.
    const timerJob = jobIdFor(`${flowWorkflowId(alertEventId, flow)}:step:1:round:1`);
    await vi.waitFor(async () => {
      const [job] = await queryRows<{ state: string }>(
        orm.em.fork(),
        'select state from pgboss.job where name = ? and id = ?',
        ['oncall-flow', timerJob],
      );
      expect(job?.state).toBe('completed');
    }, WAIT);
    expect(pagesTo('09120000001', alertEventId)).toHaveLength(2);
    expect(await attemptsOf(orm, notifyWorkflowId(alertEventId, oncall, 0, 2))).toEqual([]);
  });
});
