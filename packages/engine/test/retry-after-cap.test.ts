import type { MikroORM } from '@mikro-orm/postgresql';
import { createTestDatabase, type TestDatabase } from '@oncall/db/testing';
import { type FakeProviderOne, startFakeProviderOne } from '@oncall/fakes';
import { notifyWorkflowId } from '@oncall/workflows';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTestEngine, type TestEngine } from '../src/testing/index';
import { attemptsOf } from './support/attempts';
import { seeder } from './support/seed';

const WAIT = { timeout: 20_000, interval: 25 };
const A_DAY_SECONDS = 86_400;

/**
 * A vendor answering 429 with a Retry-After of a day (its daily quota is spent) must not park a
 * page for a day: the page goes to the backup config at once, or, with no backup, is retried after
 * the policy's cap.
 */
describe('a Retry-After longer than the cap', () => {
  let database: TestDatabase;
  let testEngine: TestEngine;
  let orm: MikroORM;
  let seed: ReturnType<typeof seeder>;
  let userId: string;
  let primary: FakeProviderOne;
  let backup: FakeProviderOne;

  beforeAll(async () => {
    database = await createTestDatabase();
    orm = database.db.orm;
    testEngine = await createTestEngine(database, { encryptionKey: Buffer.alloc(32, 9) });
    seed = seeder(orm, testEngine.box);
    userId = await seed.user();
  });
  afterAll(async () => {
    await testEngine.dispose();
    await database.dispose();
  });
  beforeEach(async () => {
    primary = await startFakeProviderOne();
    backup = await startFakeProviderOne();
    await seed.clearProviderConfigs();
  });
  afterEach(async () => {
    await primary.close();
    await backup.close();
  });

  const smsConfig = (role: 'default' | 'backup', fake: FakeProviderOne, token: string) =>
    seed.providerConfig(
      'sms',
      role,
      'providerOne',
      { senderNumber: '10004346', baseUrl: fake.url },
      {
        apiToken: token,
      },
    );
  const page = async (receptor: string) => {
    const endpointId = await seed.endpoint(userId, 'sms', { value: receptor });
    const alertEventId = await seed.alertEvent(await seed.alertRule(userId), 'fired');
    await seed.notify(testEngine.engine.orchestrator, alertEventId, endpointId);
    return notifyWorkflowId(alertEventId, endpointId);
  };

  it('fails a page over to the backup config at once', async () => {
    const defaultId = await smsConfig('default', primary, 'primary-token');
    const backupId = await smsConfig('backup', backup, 'backup-token');
    primary.failNext(429, { message: 'daily limit reached', retryAfterSeconds: A_DAY_SECONDS });
    const delivery = await page('09121110001');

    await vi.waitFor(async () => {
      expect((await attemptsOf(orm, delivery)).map((a) => a.outcome)).toEqual(['rateLimited', 'delivered']);
    }, WAIT);
    const attempts = await attemptsOf(orm, delivery);
    expect(attempts.map((a) => [a.provider_config_id, a.attempt, a.outcome, a.retry_after_ms])).toEqual([
      [defaultId, 1, 'rateLimited', A_DAY_SECONDS * 1000],
      [backupId, 1, 'delivered', null],
    ]);
    expect(primary.requests).toHaveLength(1);
    expect(backup.requests.map((r) => [r.apiToken, r.query.receptor])).toEqual([
      ['backup-token', '09121110001'],
    ]);
  });

  it('without a backup config, retries the same config after the cap rather than a day later', async () => {
    const defaultId = await smsConfig('default', primary, 'primary-token');
    primary.failNext(429, { message: 'daily limit reached', retryAfterSeconds: A_DAY_SECONDS });
    const delivery = await page('09121110002');

    await vi.waitFor(async () => {
      expect((await attemptsOf(orm, delivery)).map((a) => a.outcome)).toEqual(['rateLimited', 'delivered']);
    }, WAIT);
    expect((await attemptsOf(orm, delivery)).map((a) => [a.provider_config_id, a.attempt])).toEqual([
      [defaultId, 1],
      [defaultId, 2],
    ]);
    expect(primary.accepted()).toBe(1);
  });
});
