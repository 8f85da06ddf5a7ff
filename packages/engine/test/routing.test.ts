import type { MikroORM } from '@mikro-orm/postgresql';
import { newId } from '@oncall/core';
import { queryRows } from '@oncall/core/persistence';
import { createTestDatabase, type TestDatabase } from '@oncall/db/testing';
import { type FakeProviderOne, startFakeProviderOne } from '@oncall/fakes';
import { notifyWorkflowId } from '@oncall/workflows';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { jobIdFor } from '../src/boss/job-id';
import { createTestEngine, type TestEngine } from '../src/testing/index';
import { attemptsOf } from './support/attempts';
import { seeder } from './support/seed';

const WAIT = { timeout: 30_000, interval: 50 };

describe('routing a notification when it is dispatched', () => {
  let database: TestDatabase;
  let testEngine: TestEngine;
  let orm: MikroORM;
  let seed: ReturnType<typeof seeder>;
  let provider: FakeProviderOne;
  let userId: string;

  beforeAll(async () => {
    database = await createTestDatabase();
    orm = database.db.orm;
    provider = await startFakeProviderOne();
    testEngine = await createTestEngine(database, { encryptionKey: Buffer.alloc(32, 4) });
    seed = seeder(orm, testEngine.box);
    userId = await seed.user();
  });
  afterAll(async () => {
    await testEngine.dispose();
    await provider.close();
    await database.dispose();
  });

  const dispatchState = async (alertEventId: string, endpointId: string) => {
    const [job] = await queryRows<{ state: string }>(
      orm.em.fork(),
      'select state from pgboss.job where name = ? and id = ?',
      ['oncall-dispatch', jobIdFor(notifyWorkflowId(alertEventId, endpointId))],
    );
    return job?.state;
  };

  it('keeps a page for an endpoint whose channel has no provider config until one is added', async () => {
    const endpointId = await seed.endpoint(userId, 'call', { value: '09120000003' });
    const alertEventId = newId();
    await seed.notify(testEngine.engine.orchestrator, alertEventId, endpointId);
    await vi.waitFor(async () => expect(await dispatchState(alertEventId, endpointId)).toBe('retry'), WAIT);

    await seed.providerConfig(
      'call',
      'default',
      'providerOne',
      { baseUrl: provider.url },
      { apiToken: 'token' },
    );
    await vi.waitFor(async () => {
      expect(
        (await attemptsOf(orm, notifyWorkflowId(alertEventId, endpointId))).map((a) => a.outcome),
      ).toEqual(['delivered']);
    }, WAIT);
    expect(provider.requests.filter((r) => r.query.receptor === '09120000003')).toHaveLength(1);
  });

  it('pages nobody for an endpoint deleted before its notification ran', async () => {
    const alertEventId = newId();
    const gone = newId();
    await seed.notify(testEngine.engine.orchestrator, alertEventId, gone);
    await vi.waitFor(async () => expect(await dispatchState(alertEventId, gone)).toBe('completed'), WAIT);
    expect(await attemptsOf(orm, notifyWorkflowId(alertEventId, gone))).toEqual([]);
  });
});
