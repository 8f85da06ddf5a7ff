import type { MikroORM } from '@mikro-orm/postgresql';
import { newId } from '@oncall/core';
import { createTestDatabase, type TestDatabase } from '@oncall/db/testing';
import {
  type FakeBotApi,
  type FakeWebhookReceiver,
  startFakeBotApi,
  startFakeWebhookReceiver,
} from '@oncall/fakes';
import { notifyWorkflowId } from '@oncall/workflows';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestEngine, fixedAlertMessages, type TestEngine } from '../src/testing/index';
import { attemptsOf } from './support/attempts';
import { seeder } from './support/seed';

// Generous: PGlite on a loaded box takes tens of seconds to start a delivery.
const WAIT = { timeout: 60_000, interval: 25 };
const BOT_TOKEN = '123456:ABC-DEF1234ghIkl-zyx57W2v1u123ew11';
// The fake refuses a second message to a chat within 0.8 s (Telegram's "about one a second", less the
// jitter between the pacer's departures and the fake's arrivals on a loaded box); the channel paces at 1 s.
const CHAT_INTERVAL_MS = 800;

/**
 * Channels declare their vendors' limits (`pacing`) and the engine keeps to them: a burst to one
 * chat leaves one a second and the vendor never has to refuse it; a `429` the vendor answers anyway
 * is waited out and the same send goes again, under the same idempotency key, with no attempt
 * spent. Nothing is dropped, nothing reaches the chat twice.
 */
describe('paced delivery', { timeout: 180_000 }, () => {
  let database: TestDatabase;
  let testEngine: TestEngine;
  let orm: MikroORM;
  let seed: ReturnType<typeof seeder>;
  let userId: string;
  let botApi: FakeBotApi;
  let webhook: FakeWebhookReceiver;

  beforeAll(async () => {
    database = await createTestDatabase();
    orm = database.db.orm;
    botApi = await startFakeBotApi({ chatIntervalMs: CHAT_INTERVAL_MS });
    webhook = await startFakeWebhookReceiver();
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
    await webhook.close();
    await database.dispose();
  });

  const telegramChat = (chatId: string) =>
    seed.endpoint(userId, 'telegram', { value: chatId, botToken: BOT_TOKEN });
  const notifyMany = async (endpointId: string, count: number) => {
    const events = Array.from({ length: count }, () => newId());
    await Promise.all(events.map((id) => seed.notify(testEngine.engine.orchestrator, id, endpointId)));
    return events.map((id) => notifyWorkflowId(id, endpointId));
  };
  const deliveredOnce = async (deliveries: readonly string[]) => {
    for (const delivery of deliveries) {
      expect((await attemptsOf(orm, delivery)).map((a) => [a.attempt, a.outcome])).toEqual([
        [1, 'delivered'],
      ]);
    }
  };
  const textsTo = (chatId: string) =>
    botApi
      .sentMessages()
      .filter((call) => call.payload.chat_id === chatId)
      .map((call) => String(call.payload.text));

  // What the chat took: every message sent to it but those the fake refused with 429.
  const acceptedTextsTo = (chatId: string) => {
    const refused = new Set(botApi.refusals().map(({ call }) => call));
    return botApi
      .sentMessages()
      .filter((call) => call.payload.chat_id === chatId && !refused.has(call))
      .map((call) => String(call.payload.text));
  };

  it('sends a burst to one chat through a vendor that enforces its pace: each message arrives once', async () => {
    const chatId = '-1001000000001';
    const refusedBefore = botApi.refusedForPace();
    const deliveries = await notifyMany(await telegramChat(chatId), 4);

    await vi.waitFor(() => expect(textsTo(chatId)).toHaveLength(4), WAIT);
    await vi.waitFor(() => deliveredOnce(deliveries), WAIT);
    // Places are kept by departure: on a quiet box the vendor refuses none; on a loaded one a late
    // arrival may draw a 429, which is then waited out (refusals are no attempts, hence no records).
    expect(textsTo(chatId).length - (botApi.refusedForPace() - refusedBefore)).toBe(4);
    // Each alert event is named in exactly one message the chat took (a refused one is no message:
    // it went again after its retry_after, as the line above counts).
    for (const delivery of deliveries) {
      const alertEventId = delivery.split(':')[1] ?? '';
      expect(acceptedTextsTo(chatId).filter((text) => text.includes(alertEventId))).toHaveLength(1);
    }
  });

  it("obeys the Bot API's 429 retry_after: the same send goes again after it, no attempt spent", async () => {
    const chatId = '-1001000000002';
    const endpointId = await telegramChat(chatId);
    botApi.failNext(429, { description: 'Too Many Requests: retry after 2', retryAfterSeconds: 2 });
    const first = botApi.requests.length;
    const deliveries = await notifyMany(endpointId, 2);

    await vi.waitFor(() => expect(textsTo(chatId)).toHaveLength(3), WAIT);
    await vi.waitFor(() => deliveredOnce(deliveries), WAIT);
    const texts = botApi.requests.slice(first).map((call) => String(call.payload.text));
    const times = botApi.arrivedAt.slice(first);
    // The refused message went again once its retry_after was over, and each message got through once.
    const again = texts.indexOf(texts[0] ?? '', 1);
    expect(again).toBeGreaterThan(0);
    expect((times[again] ?? 0) - (times[0] ?? 0)).toBeGreaterThanOrEqual(1_950);
    expect(new Set(texts).size).toBe(2);
  });

  it("obeys a webhook's Retry-After header", async () => {
    const endpointId = await seed.endpoint(userId, 'matter-most', { value: `${webhook.url}/hooks/storm` });
    webhook.failNext(429, { retryAfterSeconds: 1 });
    const first = webhook.requests.length;
    const [delivery] = await notifyMany(endpointId, 1);

    await vi.waitFor(() => expect(webhook.requests.length - first).toBe(2), WAIT);
    await vi.waitFor(() => deliveredOnce([delivery ?? '']), WAIT);
    const times = webhook.arrivedAt.slice(first);
    expect((times[1] ?? 0) - (times[0] ?? 0)).toBeGreaterThanOrEqual(950);
    expect(webhook.requests[first + 1]?.body).toBe(webhook.requests[first]?.body);
  });
});
