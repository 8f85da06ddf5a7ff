import { readFileSync } from 'node:fs';
import { AlertRule, Endpoint, queryRows, User } from '@oncall/core/persistence';
import { runPagingToEnd } from '@oncall/engine/testing';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createDeliveringTestApp, type DeliveringTestApp } from './support/delivering-test-app';
import { CHANNEL_KINDS, kindsOf, messagesAbout } from './support/delivery-fakes';
import { seedWebhookRule } from './support/seed-data-source';
import { seedApiRule, seedChannelEndpoints } from './support/seed-delivery';

const WAIT = { timeout: 30_000, interval: 50 };
const EVERY_KIND = [...CHANNEL_KINDS].sort();

/**
 * From an HTTP request to the message a fake vendor received, through the real core and embedded
 * engine, for every channel kind. "Exactly once" is asserted after `runPagingToEnd`: nothing is left
 * queued that could still page.
 */
describe('end to end: alerts reach every channel kind', () => {
  let h: DeliveringTestApp;
  let adminId: string;
  let admin: string;

  beforeAll(async () => {
    h = await createDeliveringTestApp({ ingestPerTokenPerMinute: 100_000 });
    adminId = (await h.t.core.orm.em.fork().findOneOrFail(User, { isSystemAdmin: true })).id;
    admin = await h.adminToken();
  });
  afterAll(() => h.dispose());

  const fire = (token: string, instance: string, description?: string) =>
    h.call('POST', '/api/v1/fire-alert', { token, body: { alertname: 'disk_full', instance, description } });
  const resolve = (token: string, instance: string) =>
    h.call('POST', '/api/v1/resolve-alert', { token, body: { alertname: 'disk_full', instance } });
  /** A rule with one endpoint of every kind, all the admin's. */
  const ruleOnEveryChannel = async (name: string, options: { settings?: Record<string, unknown> } = {}) => {
    const endpoints = await seedChannelEndpoints(h.t, adminId, h.fakes);
    return seedApiRule(h.t, {
      name,
      endpointIds: Object.values(endpoints).map((endpoint) => endpoint.id),
      showAcknowledgeBtn: true,
      ...options,
    });
  };
  const waitForKinds = async (
    ruleName: string,
    headline: 'CRITICAL' | 'RESOLVED' | 'TEST',
    count = 1,
    wait = WAIT,
  ) => {
    const expected = EVERY_KIND.flatMap((kind) => Array<string>(count).fill(kind));
    await vi.waitFor(
      () => expect(kindsOf(messagesAbout(h.fakes, ruleName, headline))).toEqual(expected),
      wait,
    );
  };

  it('pages every channel kind once with the rule, instance, description and an acknowledge link', async () => {
    const rule = await ruleOnEveryChannel('Disk space');
    const response = await fire(rule.token, 'db-1', 'Free space is 3 percent on /var/lib/postgresql');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: true, message: 'Activated' });

    await waitForKinds(rule.name, 'CRITICAL');
    await runPagingToEnd(h.t.core.orm);
    const pages = messagesAbout(h.fakes, rule.name);
    expect(kindsOf(pages)).toEqual(EVERY_KIND);
    const linkPrefix = 'http://oncall.test/ack/';
    for (const page of pages) {
      expect(page.text, page.kind).toContain(`${rule.name} — db-1`);
      expect(page.text, page.kind).toContain('Free space is 3 percent on /var/lib/postgresql');
      // A call cannot carry a link; every other channel offers one, as a button or as text.
      if (page.kind === 'call') expect(page.acknowledgeUrl).toBeUndefined();
      else
        expect(page.acknowledgeUrl, page.kind).toMatch(new RegExp(`^${escapeRegExp(linkPrefix)}[\\w.-]+$`));
    }
    // Buttons on the messengers, the link as text where there is nothing else.
    const byKind = new Map(pages.map((page) => [page.kind, page]));
    for (const kind of ['telegram', 'bale'] as const) {
      const call = (kind === 'telegram' ? h.fakes.telegram : h.fakes.bale)
        .sentMessages()
        .find((message) => String(message.payload.text).includes(rule.name));
      expect(call?.payload.reply_markup).toEqual({
        inline_keyboard: [[{ text: 'Acknowledge', url: byKind.get(kind)?.acknowledgeUrl }]],
      });
    }
    for (const kind of ['sms', 'email'] as const) {
      expect(byKind.get(kind)?.text).toContain(`Acknowledge: ${linkPrefix}`);
    }

    // Each endpoint gets a link of its own; one works as it arrived, without a session, through the
    // button of the page it opens.
    const links = pages.flatMap((page) => (page.acknowledgeUrl ? [page.acknowledgeUrl] : []));
    expect(new Set(links).size).toBe(pages.length - 1);
    const link = new URL(byKind.get('sms')?.acknowledgeUrl ?? 'http://missing/');
    const token = link.pathname.slice('/ack/'.length);
    const ack = await h.call('POST', link.pathname, {
      body: { token },
      headers: { accept: 'application/json' },
    });
    expect(ack.json()).toEqual({ status: true, message: 'Alert rule acknowledged.' });
  });

  it('pages an instance once however often it fires; another instance pages again', async () => {
    const rule = await ruleOnEveryChannel('Queue depth');
    expect((await fire(rule.token, 'mq-1')).json().message).toBe('Activated');
    await waitForKinds(rule.name, 'CRITICAL');

    expect((await fire(rule.token, 'mq-1')).json().message).toBe('Already Active');
    const burst = await Promise.all(Array.from({ length: 20 }, () => fire(rule.token, 'mq-1')));
    expect(burst.map((response) => response.json().message)).toEqual(Array(20).fill('Already Active'));
    await runPagingToEnd(h.t.core.orm);
    expect(kindsOf(messagesAbout(h.fakes, rule.name, 'CRITICAL'))).toEqual(EVERY_KIND);

    expect((await fire(rule.token, 'mq-2')).json().message).toBe('Activated');
    await waitForKinds(rule.name, 'CRITICAL', 2);
    await runPagingToEnd(h.t.core.orm);
    expect(kindsOf(messagesAbout(h.fakes, `${rule.name} — mq-2`))).toEqual(EVERY_KIND);
    expect(kindsOf(messagesAbout(h.fakes, rule.name))).toEqual(EVERY_KIND.flatMap((kind) => [kind, kind]));
  });

  // Each chat channel keeps its vendor's pace (one message a second per chat or webhook), so the 21
  // pages reach each chat over some 21 seconds.
  it('pages each of many new instances fired at once exactly once, their openings sharing statements', {
    timeout: 120_000,
  }, async () => {
    const rule = await ruleOnEveryChannel('Fleet reboot');
    // The first opening makes the rule critical (the transactional path); the rest may share.
    expect((await fire(rule.token, 'node-00')).json().message).toBe('Activated');
    // No name is the start of another: pages are found by text.
    const instances = Array.from({ length: 20 }, (_, i) => `node-${String(i + 1).padStart(2, '0')}`);
    const answers = await Promise.all(instances.map((instance) => fire(rule.token, instance)));
    expect(answers.map((response) => response.json().message)).toEqual(instances.map(() => 'Activated'));

    await waitForKinds(rule.name, 'CRITICAL', instances.length + 1, { timeout: 100_000, interval: 100 });
    await runPagingToEnd(h.t.core.orm);
    for (const instance of ['node-00', ...instances]) {
      expect(kindsOf(messagesAbout(h.fakes, `${rule.name} — ${instance}`)), instance).toEqual(EVERY_KIND);
    }
    // Openings that page are committed with their pages in shared statements (group commit), not a
    // transaction each: rows one transaction wrote share its xmin. (PGlite runs each statement to its
    // end before the next request is read, so its fires never wait for a slot together.)
    if (h.t.database.target.kind !== 'postgres') return;
    const [row] = await queryRows<{ n: number | string }>(
      h.t.core.orm.em.fork(),
      'select count(distinct xmin::text) as n from alert_events where rule_id = ?',
      [rule.ruleId],
    );
    expect(Number(row?.n)).toBeLessThan(instances.length);
  });

  it('tells every endpoint of a resolve, without a link; a fire after it opens a new episode', async () => {
    const rule = await ruleOnEveryChannel('Replication lag');
    await fire(rule.token, 'db-2', 'Replica is 40 s behind');
    await waitForKinds(rule.name, 'CRITICAL');

    expect((await resolve(rule.token, 'db-2')).json()).toEqual({ status: true, message: 'Stopped' });
    await waitForKinds(rule.name, 'RESOLVED');
    const resolves = messagesAbout(h.fakes, rule.name, 'RESOLVED');
    for (const message of resolves) {
      expect(message.text, message.kind).toContain(`${rule.name} — db-2`);
      expect(message.acknowledgeUrl, message.kind).toBeUndefined();
    }

    expect((await fire(rule.token, 'db-2')).json().message).toBe('Activated');
    await waitForKinds(rule.name, 'CRITICAL', 2);
    await runPagingToEnd(h.t.core.orm);
    expect(kindsOf(messagesAbout(h.fakes, rule.name, 'RESOLVED'))).toEqual(EVERY_KIND);
    expect(kindsOf(messagesAbout(h.fakes, rule.name, 'CRITICAL'))).toEqual(
      EVERY_KIND.flatMap((kind) => [kind, kind]),
    );
  });

  it('delivers a test notification to every endpoint', async () => {
    const rule = await ruleOnEveryChannel('Backups');
    const response = await h.call('POST', `/api/v1/alert-rule-notify/test/${rule.ruleId}`, { token: admin });
    expect(response.json()).toEqual({ status: true, message: 'Test notification queued.' });
    await waitForKinds(rule.name, 'TEST');
    await runPagingToEnd(h.t.core.orm);
    for (const message of messagesAbout(h.fakes, rule.name)) {
      expect(message.text, message.kind).toContain(`This is a test notification for rule ${rule.name}`);
      expect(message.acknowledgeUrl, message.kind).toBeUndefined();
    }
    expect(kindsOf(messagesAbout(h.fakes, rule.name))).toEqual(EVERY_KIND);
  });

  it('pages only the endpoints of users who did not silence the rule', async () => {
    const alice = await h.userWithToken('silencing-alice', 'member');
    const bob = await h.userWithToken('paged-bob', 'member');
    const aliceEndpoints = await seedChannelEndpoints(h.t, alice.id, h.fakes);
    const bobEndpoints = await seedChannelEndpoints(h.t, bob.id, h.fakes);
    const rule = await seedApiRule(h.t, {
      name: 'Shared rule',
      endpointIds: [
        aliceEndpoints.telegram.id,
        aliceEndpoints.sms.id,
        bobEndpoints.telegram.id,
        bobEndpoints.sms.id,
      ],
      sharedWith: [alice.id, bob.id],
    });
    const silenced = await h.call('POST', `/api/v1/alert-rule/silent/${rule.ruleId}`, { token: alice.token });
    expect(silenced.statusCode).toBe(200);

    await fire(rule.token, 'web-1');
    await vi.waitFor(() => expect(messagesAbout(h.fakes, rule.name)).toHaveLength(2), WAIT);
    await runPagingToEnd(h.t.core.orm);
    expect(
      messagesAbout(h.fakes, rule.name)
        .map((message) => `${message.kind}:${message.destination}`)
        .sort(),
    ).toEqual([`sms:${bobEndpoints.sms.destination}`, `telegram:${bobEndpoints.telegram.destination}`]);
  });

  it('delivers alerts that arrive by a source webhook (Grafana) to the matching rule', async () => {
    const { ruleId, token } = await seedWebhookRule(h.t, 'grafana', {
      queryType: 'dynamic',
      dataSourceAlertName: 'High memory usage',
    });
    const endpoints = await seedChannelEndpoints(h.t, adminId, h.fakes);
    const em = h.t.core.orm.em.fork();
    const rule = await em.findOneOrFail(AlertRule, { id: ruleId });
    rule.endpoints.set([
      em.getReference(Endpoint, endpoints.telegram.id),
      em.getReference(Endpoint, endpoints.email.id),
    ]);
    await em.flush();

    const response = await h.call('POST', `/api/v1/grafana-alert/${token}`, {
      body: grafanaFixture('firing-batch'),
    });
    expect(response.json()).toEqual({ status: true, alerts: 2, matched: 2 });
    await vi.waitFor(() => expect(messagesAbout(h.fakes, rule.name, 'CRITICAL')).toHaveLength(4), WAIT);
    await runPagingToEnd(h.t.core.orm);
    const pages = messagesAbout(h.fakes, rule.name);
    expect(pages.map((page) => `${page.kind}:${/— (db-\d+:\d+)/.exec(page.text)?.[1]}`).sort()).toEqual([
      'email:db-1:9100',
      'email:db-2:9100',
      'telegram:db-1:9100',
      'telegram:db-2:9100',
    ]);
    expect(pages.every((page) => page.text.includes('Memory usage on db-'))).toBe(true);
  });

  // Last: it moves the shared clock a minute on.
  it('resolves an instance not fired again within autoResolveMinutes and tells every endpoint', async () => {
    const rule = await ruleOnEveryChannel('Heartbeat', {
      settings: { enableAutoResolve: true, autoResolveMinutes: 1 },
    });
    await fire(rule.token, 'agent-1');
    await waitForKinds(rule.name, 'CRITICAL');

    h.t.clock.advance(61_000);
    expect(await h.testEngine.runAutoResolveTimersNow()).toBe(1);
    await waitForKinds(rule.name, 'RESOLVED');
    await runPagingToEnd(h.t.core.orm);
    const resolves = messagesAbout(h.fakes, rule.name, 'RESOLVED');
    expect(kindsOf(resolves)).toEqual(EVERY_KIND);
    for (const message of resolves) {
      expect(message.text, message.kind).toContain('Alert resolved automatically');
    }
    const view = await h.call('GET', `/api/v1/alert-rule/${rule.ruleId}`, { token: admin });
    expect(view.json().state).toBe('resolved');
  });
});

function grafanaFixture(name: string): unknown {
  return JSON.parse(
    readFileSync(new URL(`../../../plugins/source-grafana/fixtures/${name}.json`, import.meta.url), 'utf8'),
  );
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
