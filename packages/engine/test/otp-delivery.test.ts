import { createServer } from 'node:net';
import type { MikroORM } from '@mikro-orm/postgresql';
import { queryRows } from '@oncall/core/persistence';
import { createTestDatabase, type TestDatabase } from '@oncall/db/testing';
import {
  type FakeProviderOne,
  type FakeSmtpServer,
  hangReply,
  startFakeProviderOne,
  startFakeSmtpServer,
} from '@oncall/fakes';
import { otpWorkflowId } from '@oncall/workflows';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { jobIdFor } from '../src/boss/job-id';
import { createTestEngine, type TestEngine } from '../src/testing/index';
import { attemptsOf } from './support/attempts';
import { seeder } from './support/seed';

const WAIT = { timeout: 20_000, interval: 25 };

describe('OTP delivery through the embedded engine', () => {
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
    testEngine = await createTestEngine(database, {
      encryptionKey: Buffer.alloc(32, 7),
      attemptTimeoutMs: 500,
    });
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

  const smsConfigs = async (defaultBaseUrl = primary.url) => ({
    defaultId: await seed.providerConfig(
      'sms',
      'default',
      'providerOne',
      { senderNumber: '10004346', baseUrl: defaultBaseUrl },
      { apiToken: 'primary-token' },
    ),
    backupId: await seed.providerConfig(
      'sms',
      'backup',
      'providerOne',
      { senderNumber: '20004346', baseUrl: backup.url },
      { apiToken: 'backup-token' },
    ),
  });
  const requestSms = (code: string, options?: { rollback?: boolean }) =>
    seed.requestOtp(
      testEngine.engine.orchestrator,
      { userId, channel: 'sms', destination: '09121234567', code },
      options,
    );

  it('sends nothing for a rolled-back transaction, and delivers a committed one', async () => {
    await smsConfigs();
    const rolledBack = await requestSms('111111', { rollback: true });
    const committed = await requestSms('222222');

    await vi.waitFor(async () => {
      expect(await attemptsOf(orm, otpWorkflowId(committed))).toHaveLength(1);
    }, WAIT);
    expect(primary.requests).toEqual([
      {
        apiToken: 'primary-token',
        method: 'sms/send',
        query: { sender: '10004346', receptor: '09121234567', message: 'Your verification code is 222222' },
      },
    ]);
    // The job of the rolled-back request never existed: it was a row of that transaction.
    const jobs = await queryRows<{ n: number }>(
      orm.em.fork(),
      'select count(*)::int as n from pgboss.job where id = ?',
      [jobIdFor(otpWorkflowId(rolledBack))],
    );
    expect(jobs).toEqual([{ n: 0 }]);
    expect(await attemptsOf(orm, otpWorkflowId(rolledBack))).toEqual([]);
  });

  it('records the attempt under its idempotency key', async () => {
    const { defaultId } = await smsConfigs();
    const otpId = await requestSms('333333');
    await vi.waitFor(async () => {
      expect(await attemptsOf(orm, otpWorkflowId(otpId))).toHaveLength(1);
    }, WAIT);
    expect(await attemptsOf(orm, otpWorkflowId(otpId))).toEqual([
      {
        provider_config_id: defaultId,
        attempt: 1,
        idempotency_key: `otp:${otpId}:${defaultId}:1`,
        outcome: 'delivered',
        retry_after_ms: null,
      },
    ]);
  });

  it.each([
    ['answers 500', (fake: FakeProviderOne) => fake.failNext(500)],
    ['does not answer in time', (fake: FakeProviderOne) => fake.replyNext(hangReply)],
  ])('falls back to the backup config when the default %s', async (_case, fail) => {
    const { defaultId, backupId } = await smsConfigs();
    fail(primary);
    fail(primary);
    const otpId = await requestSms('444444');

    await vi.waitFor(async () => {
      expect(await attemptsOf(orm, otpWorkflowId(otpId))).toHaveLength(3);
    }, WAIT);
    const attempts = await attemptsOf(orm, otpWorkflowId(otpId));
    expect(attempts.map((a) => [a.provider_config_id, a.attempt, a.outcome])).toEqual([
      [defaultId, 1, 'transient'],
      [defaultId, 2, 'transient'],
      [backupId, 1, 'delivered'],
    ]);
    expect(primary.requests).toHaveLength(2);
    expect(backup.requests.map((r) => r.query.message)).toEqual(['Your verification code is 444444']);
  });

  it('falls back to the backup config when the default refuses connections', async () => {
    const closedPort = await unusedPort();
    const { defaultId, backupId } = await smsConfigs(`http://127.0.0.1:${closedPort}`);
    const otpId = await requestSms('555555');

    await vi.waitFor(async () => {
      expect(await attemptsOf(orm, otpWorkflowId(otpId))).toHaveLength(3);
    }, WAIT);
    const attempts = await attemptsOf(orm, otpWorkflowId(otpId));
    expect(attempts.map((a) => [a.provider_config_id, a.outcome])).toEqual([
      [defaultId, 'transient'],
      [defaultId, 'transient'],
      [backupId, 'delivered'],
    ]);
    expect(backup.requests).toHaveLength(1);
  });

  it('does not retry a permanent error on the same config', async () => {
    const { defaultId, backupId } = await smsConfigs();
    primary.failNext(401, { message: 'account disabled' });
    const otpId = await requestSms('666666');

    await vi.waitFor(async () => {
      expect(await attemptsOf(orm, otpWorkflowId(otpId))).toHaveLength(2);
    }, WAIT);
    const attempts = await attemptsOf(orm, otpWorkflowId(otpId));
    expect(attempts.map((a) => [a.provider_config_id, a.attempt, a.outcome])).toEqual([
      [defaultId, 1, 'permanent'],
      [backupId, 1, 'delivered'],
    ]);
    expect(primary.requests).toHaveLength(1);
  });

  it('waits for Retry-After before trying the same config again', async () => {
    const { defaultId } = await smsConfigs();
    primary.failNext(429, { retryAfterSeconds: 1 });
    const otpId = await requestSms('777777');

    await primary.waitForRequests(1);
    const firstAt = Date.now();
    await primary.waitForRequests(2);
    const secondAt = Date.now();
    await vi.waitFor(async () => {
      expect(await attemptsOf(orm, otpWorkflowId(otpId))).toHaveLength(2);
    }, WAIT);
    const attempts = await attemptsOf(orm, otpWorkflowId(otpId));
    expect(attempts.map((a) => [a.provider_config_id, a.attempt, a.outcome, a.retry_after_ms])).toEqual([
      [defaultId, 1, 'rateLimited', 1000],
      [defaultId, 2, 'delivered', null],
    ]);
    // The retry is a delayed job: it cannot run before the provider's Retry-After has passed.
    expect(secondAt - firstAt).toBeGreaterThanOrEqual(1000);
  });

  it('sends by voice call through the call config', async () => {
    await seed.providerConfig(
      'call',
      'default',
      'providerOne',
      { baseUrl: primary.url },
      { apiToken: 'call-token' },
    );
    const otpId = await seed.requestOtp(testEngine.engine.orchestrator, {
      userId,
      channel: 'call',
      destination: '09127654321',
      code: '818181',
    });
    await vi.waitFor(async () => {
      expect(await attemptsOf(orm, otpWorkflowId(otpId))).toHaveLength(1);
    }, WAIT);
    expect(primary.requests).toEqual([
      {
        apiToken: 'call-token',
        method: 'call/maketts',
        query: { receptor: '09127654321', message: 'Your verification code is 818181' },
      },
    ]);
  });

  describe('by email', () => {
    let smtp: FakeSmtpServer;
    beforeEach(async () => {
      smtp = await startFakeSmtpServer({ credentials: { username: 'mailer', password: 'smtp-secret' } });
    });
    afterEach(() => smtp.close());

    it('sends through the SMTP config', async () => {
      await seed.providerConfig(
        'email',
        'default',
        'smtp',
        {
          host: smtp.host,
          port: String(smtp.port),
          username: 'mailer',
          fromAddress: 'oncall@example.com',
          secure: 'false',
          // The fake speaks plain SMTP, which a config must allow in so many words.
          tls: 'none',
        },
        { password: 'smtp-secret' },
      );
      const otpId = await seed.requestOtp(testEngine.engine.orchestrator, {
        userId,
        channel: 'email',
        destination: 'alice@example.com',
        code: '929292',
      });
      await smtp.waitForMessages(1);
      expect(smtp.messages.map((m) => [m.user, m.envelopeTo, m.subject, m.text.trim()])).toEqual([
        ['mailer', ['alice@example.com'], 'Your verification code', 'Your verification code is 929292'],
      ]);
      await vi.waitFor(async () => {
        expect((await attemptsOf(orm, otpWorkflowId(otpId))).map((a) => a.outcome)).toEqual(['delivered']);
      }, WAIT);
    });

    it('refuses a server without STARTTLS unless the config allows plain text', async () => {
      await seed.providerConfig(
        'email',
        'default',
        'smtp',
        { host: smtp.host, port: String(smtp.port), username: 'mailer', fromAddress: 'oncall@example.com' },
        { password: 'smtp-secret' },
      );
      const otpId = await seed.requestOtp(testEngine.engine.orchestrator, {
        userId,
        channel: 'email',
        destination: 'alice@example.com',
        code: '939393',
      });
      await vi.waitFor(async () => {
        expect((await attemptsOf(orm, otpWorkflowId(otpId))).map((a) => a.outcome)).toEqual(['permanent']);
      }, WAIT);
      expect(smtp.attempts()).toBe(0);
      expect(smtp.messages).toEqual([]);
    });
  });
});

async function unusedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (address === null || typeof address === 'string') throw new Error('no TCP port');
  return address.port;
}
