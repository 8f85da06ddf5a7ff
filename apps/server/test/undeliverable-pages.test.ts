import type { EndpointType } from '@oncall/core';
import { Endpoint, User } from '@oncall/core/persistence';
import { markUndeliverable } from '@oncall/core/testing';
import { runPagingToEnd } from '@oncall/engine/testing';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createDeliveringTestApp, type DeliveringTestApp } from './support/delivering-test-app';
import { seedApiRule } from './support/seed-delivery';

const WAIT = { timeout: 30_000, interval: 50 };

/**
 * A page every provider config of its endpoint failed is not silent: the embedded engine, delivering
 * to the fake SMS provider answering errors, gives the page up; the rule's owner is paged about the
 * same alert through their other endpoints (once, however often the failure is reported), the Now
 * page shows the page as undeliverable, and the delivery log has an entry saying whom it told.
 */
describe('a page nobody received', () => {
  let h: DeliveringTestApp;

  const endpoint = async (ownerId: string, type: EndpointType, value: string) => {
    const em = h.t.core.orm.em.fork();
    const created = em.create(Endpoint, {
      name: `${type} ${value}`,
      type,
      destination: { value },
      owner: em.getReference(User, ownerId),
    });
    await em.flush();
    return created.id;
  };
  const fire = (token: string, instance: string) =>
    h.call('POST', '/api/v1/fire-alert', { token, body: { alertname: 'disk_full', instance } });
  const trpc = async (path: string, input: unknown, token: string) =>
    (
      await h.call('GET', `/trpc/${path}?input=${encodeURIComponent(JSON.stringify(input))}`, { token })
    ).json().result.data;

  beforeAll(async () => {
    h = await createDeliveringTestApp();
  });
  afterAll(async () => {
    await h.dispose();
  });

  it("tells the rule's owner through their other endpoints, once, and shows the page as undeliverable", async () => {
    const { id: owner, token } = await h.userWithToken('sms-broken-owner', 'member');
    const sms = await endpoint(owner, 'sms', '09125550001');
    const call = await endpoint(owner, 'call', '09355550001');
    const email = await endpoint(owner, 'email', 'owner@example.com');
    const rule = await seedApiRule(h.t, { name: 'Disk', endpointIds: [sms], ownerId: owner });
    // A second user's endpoint is never told about the owner's failed page.
    const other = await h.t.createUser('bystander', 'member');
    await endpoint(other, 'email', 'bystander@example.com');

    // The only SMS config refuses the send for good (401): nothing left to try.
    h.fakes.providerOne.failNext(401, { message: 'invalid api key' });
    expect((await fire(rule.token, 'db-1')).statusCode).toBe(200);

    // The owner's call and email get the page instead.
    await vi.waitFor(() => {
      const calls = h.fakes.providerOne.requests.filter(
        (r) => r.method === 'call/maketts' && r.query.receptor === '09355550001',
      );
      expect(calls).toHaveLength(1);
      const mails = h.fakes.delivered().filter((m) => m.kind === 'email' && m.text.includes(rule.name));
      expect(mails.map((m) => m.destination)).toEqual(['owner@example.com']);
    }, WAIT);
    await runPagingToEnd(h.t.core.orm);
    const smsSends = h.fakes.providerOne.requests.filter((r) => r.method === 'sms/send');
    expect(smsSends.filter((r) => r.query.receptor === '09125550001')).toHaveLength(1);
    expect(h.fakes.delivered().some((m) => m.destination === 'bystander@example.com')).toBe(false);

    // Reported again (a replayed delivery): nobody is told twice.
    const [page] = await h.t.core.orm.em
      .fork()
      .getConnection()
      .execute<{ alert_event_id: string }[]>(
        'select alert_event_id from undeliverable_pages where endpoint_id = ?',
        [sms],
      );
    expect(page).toBeDefined();
    let queued = 0;
    await markUndeliverable(
      h.t.core.orm,
      { alertEventId: page?.alert_event_id ?? '', endpointId: sms },
      async (_tx, requests) => {
        queued += requests.length;
      },
    );
    expect(queued).toBe(0);

    // The Now page: the SMS page is undeliverable, the notices delivered.
    const now = await trpc('alerts.firing', {}, token);
    const instance = now.items.find((i: { rule: { id: string } }) => i.rule.id === rule.ruleId);
    const statuses = Object.fromEntries(
      (instance.pages as { endpoint: { id: string }; status: string }[]).map((p) => [
        p.endpoint.id,
        p.status,
      ]),
    );
    expect(statuses).toEqual({ [sms]: 'undeliverable', [call]: 'delivered', [email]: 'delivered' });

    // The delivery log: the failed attempt, then the page given up, naming whom it told.
    const entries = (await trpc('episodes.deliveryLog', { ruleId: rule.ruleId }, token)).items as {
      type: string;
      endpoint: { id: string };
      outcome?: string;
      toldEndpointIds?: string[];
    }[];
    const undeliverable = entries.filter((e) => e.type === 'undeliverable');
    expect(undeliverable).toHaveLength(1);
    expect(undeliverable[0]?.endpoint.id).toBe(sms);
    expect([...(undeliverable[0]?.toldEndpointIds ?? [])].sort()).toEqual([call, email].sort());
    expect(
      entries.some((e) => e.type === 'attempt' && e.endpoint.id === sms && e.outcome === 'permanent'),
    ).toBe(true);
  });

  it('tells nobody further when a notice fails in its turn', async () => {
    const { id: owner } = await h.userWithToken('all-broken-owner', 'member');
    const sms = await endpoint(owner, 'sms', '09125550002');
    const call = await endpoint(owner, 'call', '09355550002');
    const rule = await seedApiRule(h.t, { name: 'Net', endpointIds: [sms], ownerId: owner });
    // The SMS page and then the call notice are both refused for good.
    h.fakes.providerOne.failNext(401, { message: 'invalid api key' });
    h.fakes.providerOne.failNext(401, { message: 'invalid api key' });
    expect((await fire(rule.token, 'edge-1')).statusCode).toBe(200);

    const rows = async (): Promise<{ endpoint_id: string; told_endpoint_ids: unknown }[]> =>
      h.t.core.orm.em
        .fork()
        .getConnection()
        .execute(
          'select endpoint_id, told_endpoint_ids from undeliverable_pages where endpoint_id in (?, ?)',
          [sms, call],
        );
    await vi.waitFor(async () => expect(await rows()).toHaveLength(2), WAIT);
    await runPagingToEnd(h.t.core.orm);
    const told = Object.fromEntries(
      (await rows()).map((row) => [
        row.endpoint_id,
        typeof row.told_endpoint_ids === 'string' ? JSON.parse(row.told_endpoint_ids) : row.told_endpoint_ids,
      ]),
    );
    expect(told).toEqual({ [sms]: [call], [call]: [] });
    // One send to each: the SMS page and the call notice, nothing paged back.
    const sends = h.fakes.providerOne.requests.filter(
      (r) => r.query.receptor === '09125550002' || r.query.receptor === '09355550002',
    );
    expect(sends.map((r) => r.method).sort()).toEqual(['call/maketts', 'sms/send']);
  });
});
