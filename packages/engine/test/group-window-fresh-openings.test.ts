import { randomBytes } from 'node:crypto';
import { type Actor, createGroupWindowStore, type GroupWindowStore } from '@oncall/core';
import { AlertRule, Endpoint, queryRows, sealJson, User } from '@oncall/core/persistence';
import { createTestCore, type TestCore } from '@oncall/testing';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

const BOT_TOKEN = '123456:ABC-DEF1234ghIkl-zyx57W2v1u123ew11';

// Issue #27's A/B: every page of a rule that groups nothing asked the group windows for its event,
// a read per page that cost paging fires a fifth of their rate. An opening this process has just
// recorded is answered from its rule's settings instead.
describe('the group windows asked about an opening this process just recorded', () => {
  let t: TestCore;
  let store: GroupWindowStore;
  let admin: Actor;

  beforeAll(async () => {
    t = await createTestCore({ publicUrl: 'https://oncall.example.com/' });
    store = createGroupWindowStore(t.core.orm, { defaultGroupIntervalSeconds: 300 });
    const adminUser = await t.core.orm.em.fork().findOneOrFail(User, { isSystemAdmin: true });
    admin = { userId: adminUser.id, role: 'owner', sessionId: 'test', isSystemAdmin: true };
  });
  afterAll(async () => {
    await t.dispose();
  });

  async function seedPagingRule(name: string, groupIntervalSeconds: number | null) {
    const em = t.core.orm.em.fork();
    const token = `ak_${randomBytes(32).toString('base64url')}`;
    const rule = em.create(AlertRule, {
      name,
      type: 'api',
      owner: admin.userId,
      settings: {},
      groupIntervalSeconds,
      groupBy: [],
      repeatIntervalSeconds: 0,
      tokenHash: t.core.secretBox.lookupHash(token),
      sealedToken: t.core.secretBox.encrypt(token),
    });
    const endpoint = em.create(Endpoint, {
      name: `${name} chat`,
      type: 'telegram',
      destination: { chatId: `-100${randomBytes(4).readUInt32BE()}` },
      sealedDestination: sealJson(t.core.secretBox, { botToken: BOT_TOKEN }),
      owner: admin.userId,
    });
    rule.endpoints.add(endpoint);
    await em.flush();
    return token;
  }

  async function fireOpening(token: string, instance: string): Promise<string> {
    await t.core.ingestion.fire(token, { alertname: 'disk_full', instance });
    const [row] = await queryRows<{ id: string }>(
      t.core.orm.em.fork(),
      `select e.id from alert_events e join alert_rules r on r.id = e.rule_id
        where r.token_hash = ? and e.instance = ? and e.kind = 'fired'`,
      [t.core.secretBox.lookupHash(token), instance],
    );
    if (!row) throw new Error(`no opening of ${instance}`);
    return row.id;
  }

  /** The statements `work` sent that read alert events. */
  async function eventReadsDuring(work: () => Promise<unknown>): Promise<number> {
    const connection = t.core.orm.em.getConnection();
    const execute = vi.spyOn(connection, 'execute');
    try {
      await work();
      return execute.mock.calls.filter(([sql]) => String(sql).includes('from alert_events')).length;
    } finally {
      execute.mockRestore();
    }
  }

  it('leaves a rule that groups nothing alone without reading the event, once its settings are known', async () => {
    const token = await seedPagingRule('groups nothing', 0);
    const first = await fireOpening(token, 'db-1');
    expect(await store.eventOf(first)).toBeNull();
    const second = await fireOpening(token, 'db-2');
    let answer: unknown = 'unasked';
    expect(
      await eventReadsDuring(async () => {
        answer = await store.eventOf(second);
      }),
    ).toBe(0);
    expect(answer).toBeNull();
  });

  it('still reads the opening of a rule that groups, with its settings', async () => {
    const token = await seedPagingRule('groups by default', null);
    const opening = await fireOpening(token, 'db-1');
    const event = await store.eventOf(opening);
    expect(event).toMatchObject({ change: 'opened', groupIntervalMs: 300_000, repeatIntervalMs: 0 });
    expect(event?.instances).toHaveLength(1);
  });
});
