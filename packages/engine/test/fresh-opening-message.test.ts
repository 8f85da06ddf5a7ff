import { randomBytes } from 'node:crypto';
import { AlertEvent, AlertRule, Endpoint, sealJson, User } from '@oncall/core/persistence';
import { freshEventFactsOf, readEventMessageFacts } from '@oncall/core/testing';
import { type FakeBotApi, startFakeBotApi } from '@oncall/fakes';
import { createTestCore, type TestCore } from '@oncall/testing';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestEngine, type TestEngine } from '../src/testing/index';

const WAIT = { timeout: 20_000, interval: 25 };
const BOT_TOKEN = '123456:ABC-DEF1234ghIkl-zyx57W2v1u123ew11';

describe('an opening that pages leaves its message facts for its own dispatch', () => {
  let t: TestCore;
  let testEngine: TestEngine;
  let botApi: FakeBotApi;
  let ownerId: string;

  beforeAll(async () => {
    t = await createTestCore({ publicUrl: 'https://oncall.example.com/' });
    botApi = await startFakeBotApi();
    testEngine = await createTestEngine(t, { channelConfigs: { telegram: { apiBase: botApi.url } } });
    ownerId = (await t.core.orm.em.fork().findOneOrFail(User, { isSystemAdmin: true })).id;
  });
  afterAll(async () => {
    await testEngine.dispose();
    await botApi.close();
    await t.dispose();
  });

  async function seedRule(name: string, options: { endpoint: boolean }) {
    const em = t.core.orm.em.fork();
    const token = `ak_${randomBytes(32).toString('base64url')}`;
    const chatId = `-100${randomBytes(4).readUInt32BE()}`;
    const rule = em.create(AlertRule, {
      name,
      type: 'api',
      owner: ownerId,
      settings: {},
      showAcknowledgeBtn: true,
      tokenHash: t.core.secretBox.lookupHash(token),
      sealedToken: t.core.secretBox.encrypt(token),
    });
    if (options.endpoint) {
      rule.endpoints.add(
        em.create(Endpoint, {
          name: `${name} chat`,
          type: 'telegram',
          destination: { chatId: chatId },
          sealedDestination: sealJson(t.core.secretBox, { botToken: BOT_TOKEN }),
          owner: ownerId,
        }),
      );
    }
    await em.flush();
    return { ruleId: rule.id, token, chatId };
  }

  it('are the committed row, and the page made from them is the one the table gives', async () => {
    const core = testEngine.core;
    if (!core) throw new Error('a TestCore gives the test engine a core');
    const { ruleId, token, chatId } = await seedRule('Fresh facts', { endpoint: true });
    // The first fire makes the rule critical the exclusive way; the second instance's opening is the
    // common one-statement opening, which reads the rule's columns with it.
    await core.ingestion.fire(token, { alertname: 'disk', instance: 'db-1' });
    await core.ingestion.fire(token, { alertname: 'disk', instance: 'db-2', description: 'Free 3%' });
    // Kept for two seconds: looked at at once.
    const opening = await t.core.orm.em.fork().findOneOrFail(AlertEvent, { rule: ruleId, instance: 'db-2' });
    const remembered = freshEventFactsOf(t.core.orm).recall(opening.id);
    expect(remembered).toBeDefined();
    await vi.waitFor(() => {
      expect(botApi.sentMessages().filter((m) => m.payload.chat_id === chatId)).toHaveLength(2);
    }, WAIT);
    const stored = await readEventMessageFacts(t.core.orm.em.fork(), opening.id);
    if (!stored) throw new Error('the opening is stored');
    // The driver gives a timestamp as a Date or as text; the message reads either.
    expect(remembered).toEqual({ ...stored, created_at: new Date(stored.created_at) });

    // The two pages go out concurrently, in either order.
    const page = botApi
      .sentMessages()
      .find((m) => m.payload.chat_id === chatId && String(m.payload.text).includes('db-2'));
    expect(String(page?.payload.text)).toContain('<b>CRITICAL: Fresh facts — db-2</b>');
    expect(String(page?.payload.text)).toContain('Free 3%');
  });

  it('are not kept for an opening that pages nobody', async () => {
    const core = testEngine.core;
    if (!core) throw new Error('a TestCore gives the test engine a core');
    const { ruleId, token } = await seedRule('Quiet facts', { endpoint: false });
    await core.ingestion.fire(token, { alertname: 'quiet', instance: 'q-1' });
    await core.ingestion.fire(token, { alertname: 'quiet', instance: 'q-2' });
    const events = await t.core.orm.em.fork().find(AlertEvent, { rule: ruleId });
    expect(events).toHaveLength(2);
    for (const event of events) expect(freshEventFactsOf(t.core.orm).recall(event.id)).toBeUndefined();
  });
});
