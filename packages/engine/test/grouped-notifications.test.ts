import { randomBytes } from 'node:crypto';
import type { Actor } from '@oncall/core';
import { AlertRule, Endpoint, queryRows, sealJson, User } from '@oncall/core/persistence';
import {
  type BotApiCall,
  type FakeBotApi,
  type FakeProviderOne,
  startFakeBotApi,
  startFakeProviderOne,
} from '@oncall/fakes';
import { createTestCore, type TestCore } from '@oncall/testing';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestEngine, runPagingToEnd, type TestEngine } from '../src/testing/index';
import { seeder } from './support/seed';

const WAIT = { timeout: 20_000, interval: 25 };
const BOT_TOKEN = '123456:ABC-DEF1234ghIkl-zyx57W2v1u123ew11';
const FIVE_MINUTES = 300_000;

interface Carried {
  firing: Array<{ instanceId: string; alertEventId: string | null }>;
  resolved: Array<{ instanceId: string; alertEventId: string | null }>;
}

// Issue #31 item 1: grouped notifications per rule and endpoint, on the embedded engine, with the
// TestCore's clock deciding every window (no test waits out an interval).
describe('grouped notifications', () => {
  let t: TestCore;
  let testEngine: TestEngine;
  let botApi: FakeBotApi;
  let smsVendor: FakeProviderOne;
  let admin: Actor;

  const start = () =>
    createTestEngine(t, {
      channelConfigs: { telegram: { apiBase: botApi.url } },
      // Production's default: rules that set no interval group for five minutes.
      defaultGroupIntervalSeconds: 300,
    });

  beforeAll(async () => {
    t = await createTestCore({ publicUrl: 'https://oncall.example.com/' });
    botApi = await startFakeBotApi();
    smsVendor = await startFakeProviderOne();
    testEngine = await start();
    const adminUser = await t.core.orm.em.fork().findOneOrFail(User, { isSystemAdmin: true });
    admin = { userId: adminUser.id, role: 'owner', sessionId: 'test', isSystemAdmin: true };
  });
  afterAll(async () => {
    await testEngine.dispose();
    await botApi.close();
    await smsVendor.close();
    await t.dispose();
  });

  const core = () => {
    if (!testEngine.core) throw new Error('a TestCore gives the test engine a core');
    return testEngine.core;
  };

  /** A rule with one Telegram endpoint; the chat id tells its messages apart from other tests'. */
  async function seedRule(
    name: string,
    grouping: {
      groupIntervalSeconds?: number | null;
      groupBy?: string[];
      repeatIntervalSeconds?: number;
    } = {},
  ) {
    const em = t.core.orm.em.fork();
    const token = `ak_${randomBytes(32).toString('base64url')}`;
    const chatId = `-100${randomBytes(4).readUInt32BE()}`;
    const rule = em.create(AlertRule, {
      name,
      type: 'api',
      owner: admin.userId,
      settings: {},
      groupIntervalSeconds: grouping.groupIntervalSeconds ?? null,
      groupBy: grouping.groupBy ?? [],
      repeatIntervalSeconds: grouping.repeatIntervalSeconds ?? 0,
      tokenHash: t.core.secretBox.lookupHash(token),
      sealedToken: t.core.secretBox.encrypt(token),
    });
    const endpoint = em.create(Endpoint, {
      name: `${name} chat`,
      type: 'telegram',
      destination: { chatId: chatId },
      sealedDestination: sealJson(t.core.secretBox, { botToken: BOT_TOKEN }),
      owner: admin.userId,
    });
    rule.endpoints.add(endpoint);
    await em.flush();
    return { ruleId: rule.id, endpointId: endpoint.id, token, chatId };
  }

  const messagesTo = (chatId: string): BotApiCall[] =>
    botApi.sentMessages().filter((m) => m.payload.chat_id === chatId);

  async function waitForMessages(chatId: string, count: number): Promise<string[]> {
    await vi.waitFor(() => expect(messagesTo(chatId)).toHaveLength(count), WAIT);
    return messagesTo(chatId).map((m) => String(m.payload.text));
  }

  /** Every page queued so far has run to its end: what was not sent by now was gathered. */
  const settle = () => runPagingToEnd(t.core.orm);

  const fire = (token: string, instance: string, job?: string) =>
    core().ingestion.fire(token, { alertname: 'disk_full', instance, ...(job ? { job } : {}) });

  async function flushAfter(ms: number) {
    t.clock.advance(ms);
    await testEngine.flushDueGroups();
    await settle();
  }

  async function carriedTo(endpointId: string): Promise<Carried[]> {
    const rows = await queryRows<{ carried: Carried | string }>(
      t.core.orm.em.fork(),
      `select carried from delivery_attempts
        where endpoint_id = ? and carried is not null and outcome = 'delivered' order by created_at`,
      [endpointId],
    );
    return rows.map((row) => (typeof row.carried === 'string' ? JSON.parse(row.carried) : row.carried));
  }

  it('pages the first instance at once and sends the rest as one message when the interval ends', async () => {
    const { ruleId, endpointId, token, chatId } = await seedRule('Grouped disks');
    await fire(token, 'db-1');
    const [first] = await waitForMessages(chatId, 1);
    expect(first).toContain('db-1');

    await fire(token, 'db-2');
    await fire(token, 'db-3');
    await settle();
    expect(messagesTo(chatId)).toHaveLength(1);

    await flushAfter(FIVE_MINUTES);
    const [, grouped] = await waitForMessages(chatId, 2);
    expect(grouped).toContain('2 firing');
    expect(grouped).toContain('db-2');
    expect(grouped).toContain('db-3');
    expect(grouped).toContain(`https://oncall.example.com/rules/${ruleId}`);

    // The delivery log names the instances the message carried.
    const [carried] = await carriedTo(endpointId);
    expect(carried?.firing).toHaveLength(2);
    expect(carried?.resolved).toEqual([]);
    const log = await core().episodes.deliveryLog(admin, { ruleId }, { page: 1, perPage: 50 });
    const groupEntry = log.items.find((entry) => entry.type === 'attempt' && entry.carried !== null);
    const names = groupEntry?.type === 'attempt' ? groupEntry.carried?.firing.map((m) => m.instance) : [];
    expect(names?.sort()).toEqual(['db-2', 'db-3']);
  });

  it('gathers resolves like openings', async () => {
    const { endpointId, token, chatId } = await seedRule('Grouped resolves');
    await fire(token, 'web-1');
    await waitForMessages(chatId, 1);
    await fire(token, 'web-2');
    await core().ingestion.resolve(token, { alertname: 'disk_full', instance: 'web-1' });
    await settle();
    expect(messagesTo(chatId)).toHaveLength(1);

    await flushAfter(FIVE_MINUTES);
    const [, grouped] = await waitForMessages(chatId, 2);
    expect(grouped).toContain('1 firing');
    expect(grouped).toContain('1 resolved');
    const [carried] = await carriedTo(endpointId);
    expect(carried?.firing).toHaveLength(1);
    expect(carried?.resolved).toHaveLength(1);
  });

  it('splits groups by the groupBy labels: each group pages its first instance at once', async () => {
    const { token, chatId } = await seedRule('Grouped by job', { groupBy: ['job'] });
    await fire(token, 'a-1', 'api');
    await fire(token, 'b-1', 'batch');
    await waitForMessages(chatId, 2);
    await fire(token, 'a-2', 'api');
    await settle();
    expect(messagesTo(chatId)).toHaveLength(2);

    await flushAfter(FIVE_MINUTES);
    const [, , grouped] = await waitForMessages(chatId, 3);
    expect(grouped).toContain('a-2');
  });

  it('pages every instance on its own with a group interval of 0', async () => {
    const { ruleId, token, chatId } = await seedRule('Ungrouped', { groupIntervalSeconds: 0 });
    await fire(token, 'x-1');
    await fire(token, 'x-2');
    await fire(token, 'x-3');
    const texts = await waitForMessages(chatId, 3);
    expect(texts.some((text) => /\d+ firing/.test(text))).toBe(false);
    const windows = await queryRows(
      t.core.orm.em.fork(),
      'select 1 from notification_groups where rule_id = ?',
      [ruleId],
    );
    expect(windows).toEqual([]);
  });

  it('loses and repeats nothing when the process restarts in the middle of a window', async () => {
    const { token, chatId } = await seedRule('Grouped across a restart');
    await fire(token, 'r-1');
    await waitForMessages(chatId, 1);
    await fire(token, 'r-2');
    await settle();

    await testEngine.dispose();
    testEngine = await start();
    await fire(token, 'r-3');
    await settle();
    expect(messagesTo(chatId)).toHaveLength(1);

    await flushAfter(FIVE_MINUTES);
    const [, grouped] = await waitForMessages(chatId, 2);
    expect(grouped).toContain('r-2');
    expect(grouped).toContain('r-3');

    // A second flush finds nothing due: nothing goes twice.
    expect(await testEngine.flushDueGroups()).toBe(0);
    await settle();
    expect(messagesTo(chatId)).toHaveLength(2);
  });

  it('sends an SMS endpoint at most one message per group interval, across rules', async () => {
    const seed = seeder(t.database.db.orm, t.core.secretBox);
    await seed.providerConfig(
      'sms',
      'default',
      'providerOne',
      { senderNumber: '10004346', baseUrl: smsVendor.url },
      { apiToken: 'sms-token' },
    );
    const phone = await seed.endpoint(admin.userId, 'sms', { value: '09121234567' });
    const first = await seedRule('Paged by SMS, first');
    const second = await seedRule('Paged by SMS, second');
    const em = t.core.orm.em.fork();
    for (const { ruleId } of [first, second]) {
      const rule = await em.findOneOrFail(AlertRule, { id: ruleId }, { populate: ['endpoints'] });
      rule.endpoints.add(em.getReference(Endpoint, phone));
    }
    await em.flush();

    await fire(first.token, 'sms-1');
    await vi.waitFor(() => expect(smsVendor.requests).toHaveLength(1), WAIT);
    await fire(second.token, 'sms-2');
    await fire(first.token, 'sms-3');
    await settle();
    expect(smsVendor.requests).toHaveLength(1);

    await flushAfter(FIVE_MINUTES);
    await vi.waitFor(() => expect(smsVendor.requests).toHaveLength(2), WAIT);
    expect(String(smsVendor.requests[1]?.query.message)).toContain('2 firing');
  });

  describe('templates (behavior rules)', () => {
    const template = (ruleId: string, endpointId: string, text: string) =>
      core().behaviorRules.create(admin, ruleId, {
        type: 'template',
        name: null,
        endpointIds: [endpointId],
        template: text,
      });

    it('see the carried instances as group: the count, the list with labels and summary, and how many more', async () => {
      const { ruleId, endpointId, token, chatId } = await seedRule('Templated group');
      await template(
        ruleId,
        endpointId,
        [
          '{% if group %}{{ group.count }} new on {{ name }}:',
          '{% for i in group.instances %}* {{ i.instance }} [{{ i.labels.job }}] {{ i.state }} {{ i.summary }}',
          '{% endfor %}{% if group.more > 0 %}and {{ group.more }} more{% endif %} {{ group.rule_url }}',
          '{% else %}first: {{ instance }}{% endif %}',
        ].join('\n'),
      );
      await fire(token, 'tg-0');
      const [first] = await waitForMessages(chatId, 1);
      expect(first).toContain('first: tg-0');

      for (let i = 1; i <= 12; i += 1) {
        await core().ingestion.fire(token, {
          alertname: 'disk_full',
          instance: `tg-${i}`,
          job: 'node',
          summary: `disk ${i} full`,
        });
      }
      await settle();
      await flushAfter(FIVE_MINUTES);
      const [, grouped] = await waitForMessages(chatId, 2);
      expect(grouped).toContain('12 new on Templated group:');
      expect(grouped).toContain('* tg-1 [node] firing disk 1 full');
      expect(grouped).toContain('and 2 more');
      expect(grouped).toContain(`https://oncall.example.com/rules/${ruleId}`);
      // The template lists the group: the channels' own list is left out, the headline's count stays.
      expect(grouped).toContain('(12 firing)');
      expect(grouped).not.toContain('• firing:');
      expect(grouped?.match(/\* tg-1 /g)).toHaveLength(1);
    });

    it("that do not read group keep their text, with the channels' list after it", async () => {
      const { ruleId, endpointId, token, chatId } = await seedRule('Templated, no group');
      await template(ruleId, endpointId, 'custom: {{ instance }}');
      await fire(token, 'tn-1');
      await waitForMessages(chatId, 1);
      await fire(token, 'tn-2');
      await fire(token, 'tn-3');
      await settle();
      await flushAfter(FIVE_MINUTES);
      const [, grouped] = await waitForMessages(chatId, 2);
      expect(grouped).toContain('custom: tn-2');
      expect(grouped).toContain('• firing: disk_full — tn-2');
      expect(grouped).toContain('• firing: disk_full — tn-3');
    });
  });

  describe('flow endpoints', () => {
    /**
     * A rule paging one flow: chat A, a wait of an hour, then chat B. The wait is never waited out:
     * `settle` makes it due, so whether an acknowledgement came first is the test's choice, not the
     * machine's speed.
     */
    async function seedFlowRule(name: string) {
      const { ruleId, endpointId: chatAId, token, chatId: chatA } = await seedRule(name);
      const em = t.core.orm.em.fork();
      const chatB = `-100${randomBytes(4).readUInt32BE()}`;
      const b = em.create(Endpoint, {
        name: `${name} chat B`,
        type: 'telegram',
        destination: { chatId: chatB },
        sealedDestination: sealJson(t.core.secretBox, { botToken: BOT_TOKEN }),
        owner: admin.userId,
      });
      await em.flush();
      const flow = em.create(Endpoint, {
        name: `${name} flow`,
        type: 'flow',
        steps: [
          { type: 'endpoint', endpointIds: [chatAId] },
          { type: 'wait', duration: 1, timeUnit: 'h' },
          { type: 'endpoint', endpointIds: [b.id] },
        ],
        owner: admin.userId,
      });
      const rule = await em.findOneOrFail(AlertRule, { id: ruleId }, { populate: ['endpoints'] });
      rule.endpoints.removeAll();
      rule.endpoints.add(flow);
      await em.flush();
      return { ruleId, token, chatA, chatB, flowId: flow.id };
    }

    it("start the first instance's flow at once, and one group flow for what gathered, its messages carrying the list", async () => {
      const { token, chatA, chatB } = await seedFlowRule('Grouped flow');
      await fire(token, 'fl-1');
      const [first] = await waitForMessages(chatA, 1);
      expect(first).toContain('fl-1');
      await fire(token, 'fl-2');
      await fire(token, 'fl-3');
      await settle();
      expect(messagesTo(chatA)).toHaveLength(1);

      // Settling runs every flow to its end: its waits are made due.
      await flushAfter(FIVE_MINUTES);
      const [, grouped] = await waitForMessages(chatA, 2);
      expect(grouped).toContain('2 firing');
      expect(grouped).toContain('fl-2');
      expect(grouped).toContain('fl-3');
      // The first instance's flow went on alone; the group flow's next step carries the list too.
      const [ownNext, groupedNext] = await waitForMessages(chatB, 2);
      expect(ownNext).toContain('fl-1');
      expect(ownNext).not.toContain('firing:');
      expect(groupedNext).toContain('2 firing');
      expect(groupedNext).toContain('fl-3');
    });

    it('stop the group flow when its instances are acknowledged', async () => {
      const { ruleId, token, chatA, chatB } = await seedFlowRule('Acknowledged group flow');
      await fire(token, 'fa-1');
      await waitForMessages(chatA, 1);
      await fire(token, 'fa-2');
      await fire(token, 'fa-3');
      // Flushed without settling: both flows wait out their hour until the test settles.
      t.clock.advance(FIVE_MINUTES);
      await testEngine.flushDueGroups();
      await waitForMessages(chatA, 2);

      expect((await core().ruleActions.acknowledge(admin, ruleId)).status).toBe(true);
      // The acknowledgement is news to the step endpoints that paged: chat A, for all three.
      const texts = await waitForMessages(chatA, 3);
      expect(texts[2]).toContain('ACKNOWLEDGED');
      await settle();
      expect(messagesTo(chatA)).toHaveLength(3);
      expect(messagesTo(chatB)).toHaveLength(0);
    });

    it('send gathered resolves as one follow-up to the step endpoints that paged about them', async () => {
      const { token, chatA, chatB } = await seedFlowRule('Resolved group flow');
      await fire(token, 'fr-1');
      await waitForMessages(chatA, 1);
      await fire(token, 'fr-2');
      await flushAfter(FIVE_MINUTES);
      await waitForMessages(chatA, 2);
      await waitForMessages(chatB, 2);

      await core().ingestion.resolve(token, { alertname: 'disk_full', instance: 'fr-1' });
      await core().ingestion.resolve(token, { alertname: 'disk_full', instance: 'fr-2' });
      await settle();
      expect(messagesTo(chatA)).toHaveLength(2);
      await flushAfter(FIVE_MINUTES);
      for (const chat of [chatA, chatB]) {
        const [, , resolved] = await waitForMessages(chat, 3);
        expect(resolved).toContain('2 resolved');
        expect(resolved).toContain('fr-1');
        expect(resolved).toContain('fr-2');
      }
      await settle();
      expect(messagesTo(chatA)).toHaveLength(3);
      expect(messagesTo(chatB)).toHaveLength(3);
    });
  });

  describe('repeats (repeatInterval)', () => {
    const THIRTY_MINUTES = 1_800_000;

    it('re-pages an unacknowledged firing group every repeat interval until it is acknowledged', async () => {
      const { ruleId, token, chatId } = await seedRule('Repeated disks', { repeatIntervalSeconds: 1800 });
      await fire(token, 'rp-1');
      await waitForMessages(chatId, 1);

      await flushAfter(THIRTY_MINUTES);
      const [, firstRepeat] = await waitForMessages(chatId, 2);
      expect(firstRepeat).toContain('1 firing');
      expect(firstRepeat).toContain('rp-1');
      await flushAfter(THIRTY_MINUTES);
      await waitForMessages(chatId, 3);

      expect((await core().ruleActions.acknowledge(admin, ruleId)).status).toBe(true);
      // The acknowledgement's own message goes as before; after it, nothing comes back.
      const texts = await waitForMessages(chatId, 4);
      expect(texts[3]).toContain('ACKNOWLEDGED');
      await flushAfter(THIRTY_MINUTES);
      await flushAfter(THIRTY_MINUTES);
      expect(messagesTo(chatId)).toHaveLength(4);
    });

    it('reads as a firing reminder of the unacknowledged instances even when the last message was a resolve', async () => {
      const { token, chatId } = await seedRule('Repeated after a resolve', { repeatIntervalSeconds: 1800 });
      await fire(token, 'rr-1');
      await waitForMessages(chatId, 1);
      t.clock.advance(60_000);
      await fire(token, 'rr-2');
      await flushAfter(FIVE_MINUTES);
      await waitForMessages(chatId, 2);
      // The interval is over: rr-1's resolve is the window's next message, on its own.
      t.clock.advance(FIVE_MINUTES);
      await core().ingestion.resolve(token, { alertname: 'disk_full', instance: 'rr-1' });
      const [, , resolved] = await waitForMessages(chatId, 3);
      expect(resolved).toContain('rr-1');

      await flushAfter(THIRTY_MINUTES);
      const [, , , repeat] = await waitForMessages(chatId, 4);
      expect(repeat).not.toMatch(/resolved/i);
      expect(repeat).not.toContain('rr-1');
      expect(repeat).toContain('1 firing');
      expect(repeat).toContain('rr-2');
    });
  });
});
