import type { MikroORM } from '@mikro-orm/postgresql';
import { newId } from '@oncall/core';
import { createTestDatabase, type TestDatabase } from '@oncall/db/testing';
import {
  type FakeBotApi,
  type FakeProxy,
  startFakeBotApi,
  startFakeHttpProxy,
  startFakeSocks5Proxy,
} from '@oncall/fakes';
import { notifyWorkflowId } from '@oncall/workflows';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTestEngine, fixedAlertMessages, type TestEngine } from '../src/testing/index';
import { attemptsOf } from './support/attempts';
import { seeder } from './support/seed';

const WAIT = { timeout: 20_000, interval: 25 };
const BOT_TOKEN = '123456:ABC-DEF1234ghIkl-zyx57W2v1u123ew11';

describe('telegram notifications through the messenger proxy', () => {
  let database: TestDatabase;
  let testEngine: TestEngine;
  let orm: MikroORM;
  let seed: ReturnType<typeof seeder>;
  let userId: string;
  let botApi: FakeBotApi;

  beforeAll(async () => {
    database = await createTestDatabase();
    orm = database.db.orm;
    botApi = await startFakeBotApi();
    testEngine = await createTestEngine(database, {
      encryptionKey: Buffer.alloc(32, 9),
      alertMessages: fixedAlertMessages('Disk almost full on db-1'),
      channelConfigs: { telegram: { apiBase: botApi.url } },
    });
    seed = seeder(orm, testEngine.box);
    userId = await seed.user();
  });
  afterAll(async () => {
    await testEngine.dispose();
    await botApi.close();
    await database.dispose();
  });

  let proxy: FakeProxy;
  afterEach(() => proxy.close());

  describe.each([
    ['HTTP', startFakeHttpProxy, 'http'],
    ['SOCKS5', startFakeSocks5Proxy, 'socks5'],
  ] as const)('through an active %s proxy', (_name, startProxy, type) => {
    beforeEach(async () => {
      proxy = await startProxy();
      await seed.activeProxy(type, proxy.host, proxy.port);
    });

    it('delivers a direct endpoint notification through the proxy', async () => {
      const endpointId = await seed.endpoint(userId, 'telegram', {
        value: '-1001234567890',
        threadId: '42',
        botToken: BOT_TOKEN,
      });
      const alertEventId = newId();
      const before = botApi.sentMessages().length;
      await seed.notify(testEngine.engine.orchestrator, alertEventId, endpointId);

      await vi.waitFor(async () => {
        expect(await attemptsOf(orm, notifyWorkflowId(alertEventId, endpointId))).toHaveLength(1);
      }, WAIT);
      const sent = botApi.sentMessages().slice(before);
      expect(sent).toHaveLength(1);
      expect(sent[0]?.botToken).toBe(BOT_TOKEN);
      expect(sent[0]?.payload).toMatchObject({ chat_id: '-1001234567890', message_thread_id: 42 });
      expect(String(sent[0]?.payload.text)).toContain(`Alert event ${alertEventId}`);
      expect(proxy.connections.map((c) => c.target)).toEqual([new URL(botApi.url).host]);
      expect(
        (await attemptsOf(orm, notifyWorkflowId(alertEventId, endpointId))).map((a) => a.outcome),
      ).toEqual(['delivered']);
    });
  });

  it('pages once when the same event is notified twice', async () => {
    proxy = await startFakeHttpProxy();
    await seed.activeProxy('http', proxy.host, proxy.port);
    const endpointId = await seed.endpoint(userId, 'telegram', { value: '777', botToken: BOT_TOKEN });
    const alertEventId = newId();
    const before = botApi.sentMessages().length;
    await seed.notify(testEngine.engine.orchestrator, alertEventId, endpointId);
    await seed.notify(testEngine.engine.orchestrator, alertEventId, endpointId);
    const other = newId();
    await seed.notify(testEngine.engine.orchestrator, other, endpointId);

    await vi.waitFor(async () => {
      expect(await attemptsOf(orm, notifyWorkflowId(other, endpointId))).toHaveLength(1);
      expect(await attemptsOf(orm, notifyWorkflowId(alertEventId, endpointId))).toHaveLength(1);
    }, WAIT);
    const texts = botApi
      .sentMessages()
      .slice(before)
      .map((m) => String(m.payload.text));
    expect(texts.filter((t) => t.includes(alertEventId))).toHaveLength(1);
    expect(texts.filter((t) => t.includes(other))).toHaveLength(1);
  });
});
