import { randomBytes } from 'node:crypto';
import type { Actor } from '@oncall/core';
import { AlertRule, Endpoint, sealJson, User } from '@oncall/core/persistence';
import { type BotApiCall, type FakeBotApi, startFakeBotApi } from '@oncall/fakes';
import { createTestCore, type TestCore } from '@oncall/testing';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestEngine, type TestEngine } from '../src/testing/index';

const WAIT = { timeout: 20_000, interval: 25 };
const BOT_TOKEN = '123456:ABC-DEF1234ghIkl-zyx57W2v1u123ew11';

interface AckButton {
  text: string;
  url: string;
}

function ackButton(call: BotApiCall | undefined): AckButton | undefined {
  const markup = call?.payload.reply_markup as { inline_keyboard: AckButton[][] } | undefined;
  return markup?.inline_keyboard[0]?.[0];
}

describe('alert notifications rendered from the alert history', () => {
  let t: TestCore;
  let testEngine: TestEngine;
  let botApi: FakeBotApi;
  let admin: Actor;

  beforeAll(async () => {
    t = await createTestCore({ publicUrl: 'https://oncall.example.com/' });
    botApi = await startFakeBotApi();
    testEngine = await createTestEngine(t, { channelConfigs: { telegram: { apiBase: botApi.url } } });
    const adminUser = await t.core.orm.em.fork().findOneOrFail(User, { isSystemAdmin: true });
    admin = { userId: adminUser.id, role: 'owner', sessionId: 'test', isSystemAdmin: true };
  });
  afterAll(async () => {
    await testEngine.dispose();
    await botApi.close();
    await t.dispose();
  });

  /** A rule with one Telegram endpoint; the chat id tells its messages apart from other tests'. */
  async function seedRule(name: string, showAcknowledgeBtn: boolean) {
    const em = t.core.orm.em.fork();
    const token = `ak_${randomBytes(32).toString('base64url')}`;
    const chatId = `-100${randomBytes(4).readUInt32BE()}`;
    const rule = em.create(AlertRule, {
      name,
      type: 'api',
      owner: admin.userId,
      settings: {},
      showAcknowledgeBtn,
      tokenHash: t.core.secretBox.lookupHash(token),
      sealedToken: t.core.secretBox.encrypt(token),
    });
    rule.endpoints.add(
      em.create(Endpoint, {
        name: `${name} chat`,
        type: 'telegram',
        destination: { chatId: chatId },
        sealedDestination: sealJson(t.core.secretBox, { botToken: BOT_TOKEN }),
        owner: admin.userId,
      }),
    );
    await em.flush();
    return { ruleId: rule.id, token, chatId };
  }

  async function nextMessages(chatId: string, count: number): Promise<BotApiCall[]> {
    await vi.waitFor(() => {
      expect(botApi.sentMessages().filter((m) => m.payload.chat_id === chatId)).toHaveLength(count);
    }, WAIT);
    return botApi.sentMessages().filter((m) => m.payload.chat_id === chatId);
  }

  it('pages the rule name, instance and description with an acknowledge button that works', async () => {
    const core = testEngine.core;
    if (!core) throw new Error('a TestCore gives the test engine a core');
    const { token, chatId } = await seedRule('Disk space', true);
    await core.ingestion.fire(token, {
      alertname: 'disk_full',
      instance: 'db-1',
      description: 'Free space is 3% on /var/lib/postgresql',
    });

    const [page] = await nextMessages(chatId, 1);
    const text = String(page?.payload.text);
    expect(text).toContain('<b>CRITICAL: Disk space — db-1</b>');
    expect(text).toContain('Free space is 3% on /var/lib/postgresql');
    expect(text).toContain('Alert: disk_full');
    const button = ackButton(page);
    expect(button?.text).toBe('Acknowledge');
    const link = new URL(button?.url ?? '');
    expect(link.origin).toBe('https://oncall.example.com');
    expect(link.pathname).toMatch(/^\/ack\/[A-Za-z0-9_-]{92}$/);

    // The link's token is what the acknowledge page's button hands to this use case.
    const { acknowledgedNow } = await core.ackLinkActions.acknowledge(link.pathname.slice('/ack/'.length));
    expect(acknowledgedNow).toBe(true);
    const [, acknowledged] = await nextMessages(chatId, 2);
    expect(String(acknowledged?.payload.text)).toContain(
      'ACKNOWLEDGED: Disk space</b>\n\nSystem Administrator acknowledged Disk space via Disk space chat.',
    );
    expect(ackButton(acknowledged)).toBeUndefined();
  });

  it('pages every endpoint of the rule once, on the opening and on the resolve', async () => {
    const core = testEngine.core;
    if (!core) throw new Error('a TestCore gives the test engine a core');
    const { ruleId, token, chatId } = await seedRule('Two chats', false);
    // A second endpoint on the same rule: the opening's notifications are queued in one write.
    const em = t.core.orm.em.fork();
    const second = `-100${randomBytes(4).readUInt32BE()}`;
    const rule = await em.findOneOrFail(AlertRule, ruleId, { populate: ['endpoints'] });
    rule.endpoints.add(
      em.create(Endpoint, {
        name: 'Two chats second',
        type: 'telegram',
        destination: { chatId: second },
        sealedDestination: sealJson(t.core.secretBox, { botToken: BOT_TOKEN }),
        owner: admin.userId,
      }),
    );
    await em.flush();

    await core.ingestion.fire(token, { alertname: 'two', instance: 'web-1' });
    await core.ingestion.fire(token, { alertname: 'two', instance: 'web-1' });
    await core.ingestion.resolve(token, { alertname: 'two', instance: 'web-1' });

    // The resolve committed milliseconds after the opening: its message and the page travel the
    // chat lane side by side, and either may reach the chat first.
    for (const chat of [chatId, second]) {
      const texts = (await nextMessages(chat, 2)).map((m) => String(m.payload.text));
      expect(texts.filter((text) => text.includes('CRITICAL: Two chats — web-1'))).toHaveLength(1);
      expect(texts.filter((text) => text.includes('RESOLVED: Two chats — web-1'))).toHaveLength(1);
    }
    // Nothing more arrives for either chat: the repeat paged nobody.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(
      botApi.sentMessages().filter((m) => [chatId, second].includes(String(m.payload.chat_id))),
    ).toHaveLength(4);
  });

  it('shows no acknowledge button when the rule does not ask for one, nor on the resolve', async () => {
    const core = testEngine.core;
    if (!core) throw new Error('a TestCore gives the test engine a core');
    const { token, chatId } = await seedRule('Queue depth', false);
    await core.ingestion.fire(token, { alertname: 'queue', instance: 'mq-1' });
    await nextMessages(chatId, 1);
    await core.ingestion.resolve(token, { alertname: 'queue', instance: 'mq-1' });
    const [fired, resolved] = await nextMessages(chatId, 2);
    expect(ackButton(fired)).toBeUndefined();
    expect(String(resolved?.payload.text)).toContain('<b>RESOLVED: Queue depth — mq-1</b>');
    expect(ackButton(resolved)).toBeUndefined();
  });

  it('delivers a test notification that says it is one', async () => {
    const core = testEngine.core;
    if (!core) throw new Error('a TestCore gives the test engine a core');
    const { ruleId, chatId } = await seedRule('Backups', true);
    expect(await core.ruleActions.sendTest(admin, ruleId)).toEqual({
      status: true,
      message: 'Test notification queued.',
    });
    const [test] = await nextMessages(chatId, 1);
    expect(String(test?.payload.text)).toContain(
      '<b>TEST: Backups</b>\n\nThis is a test notification for rule Backups, sent by System Administrator.',
    );
    expect(ackButton(test)).toBeUndefined();
  });
});
