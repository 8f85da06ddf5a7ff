import { AlertEvent, User } from '@oncall/core/persistence';
import { runPagingToEnd, unfinishedPagingJobs, waitingFlowSteps } from '@oncall/engine/testing';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createDeliveringTestApp, type DeliveringTestApp } from './support/delivering-test-app';
import { CHANNEL_KINDS, kindsOf, messagesAbout } from './support/delivery-fakes';
import { seedApiRule, seedChannelEndpoints, seedFlowEndpoint } from './support/seed-delivery';

const WAIT = { timeout: 30_000, interval: 50 };
const EVERY_KIND = [...CHANNEL_KINDS].sort();

/**
 * A server restarted in the middle of paging: work accepted with a 2xx is in the database, so a new
 * server over it pages what the old one did not, once.
 */
describe('end to end: restarts in the middle of paging', () => {
  let h: DeliveringTestApp;
  let adminId: string;

  beforeAll(async () => {
    h = await createDeliveringTestApp();
    adminId = (await h.t.core.orm.em.fork().findOneOrFail(User, { isSystemAdmin: true })).id;
  });
  afterAll(() => h.dispose());

  const fire = (token: string, instance = 'node-1') =>
    h.call('POST', '/api/v1/fire-alert', { token, body: { alertname: 'load', instance } });
  const ruleOnEveryChannel = async (name: string) => {
    const endpoints = await seedChannelEndpoints(h.t, adminId, h.fakes);
    return seedApiRule(h.t, { name, endpointIds: Object.values(endpoints).map((endpoint) => endpoint.id) });
  };

  it('pages what was accepted while no worker ran, once workers start', async () => {
    await h.restart({ runWorkers: false });
    const rule = await ruleOnEveryChannel('Load average');
    expect((await fire(rule.token)).json()).toEqual({ status: true, message: 'Activated' });
    // Queued, one dispatch per endpoint, and nobody to run them.
    expect(await unfinishedPagingJobs(h.t.core.orm)).toBe(CHANNEL_KINDS.length);
    expect(messagesAbout(h.fakes, rule.name)).toEqual([]);

    await h.restart();
    await vi.waitFor(
      () => expect(kindsOf(messagesAbout(h.fakes, rule.name, 'CRITICAL'))).toEqual(EVERY_KIND),
      WAIT,
    );
    await runPagingToEnd(h.t.core.orm);
    expect(kindsOf(messagesAbout(h.fakes, rule.name))).toEqual(EVERY_KIND);
  });

  it('runs the rest of a flow after a restart during its wait step', async () => {
    const { sms, telegram } = await seedChannelEndpoints(h.t, adminId, h.fakes);
    const flowId = await seedFlowEndpoint(h.t, adminId, [
      { type: 'endpoint', endpointIds: [sms.id] },
      { type: 'wait', duration: 10, timeUnit: 'm' },
      { type: 'endpoint', endpointIds: [telegram.id] },
    ]);
    const rule = await seedApiRule(h.t, { name: 'Error budget', endpointIds: [flowId] });
    await fire(rule.token);
    await vi.waitFor(() => expect(kindsOf(messagesAbout(h.fakes, rule.name))).toEqual(['sms']), WAIT);
    const fired = await h.t.core.orm.em
      .fork()
      .findOneOrFail(AlertEvent, { rule: rule.ruleId, kind: 'fired' });
    await vi.waitFor(async () => expect(await waitingFlowSteps(h.t.core.orm, fired.id)).toBe(1), WAIT);

    await h.restart();
    await runPagingToEnd(h.t.core.orm);
    expect(kindsOf(messagesAbout(h.fakes, rule.name, 'CRITICAL'))).toEqual(['sms', 'telegram']);
    expect(messagesAbout(h.fakes, rule.name).find((m) => m.kind === 'telegram')?.destination).toBe(
      telegram.destination,
    );
  });

  it('keeps a fire answered just before the restart: paged once, state and history intact', async () => {
    const rule = await ruleOnEveryChannel('Disk latency');
    expect((await fire(rule.token, 'db-9')).json()).toEqual({ status: true, message: 'Activated' });
    await h.restart();

    await vi.waitFor(
      () => expect(kindsOf(messagesAbout(h.fakes, rule.name, 'CRITICAL'))).toEqual(EVERY_KIND),
      WAIT,
    );
    await runPagingToEnd(h.t.core.orm);
    expect(kindsOf(messagesAbout(h.fakes, rule.name))).toEqual(EVERY_KIND);

    const admin = await h.adminToken();
    const view = await h.call('GET', `/api/v1/alert-rule/${rule.ruleId}`, { token: admin });
    expect(view.json().state).toBe('critical');
    const history = await h.call('GET', `/api/v1/alert-rule/history/${rule.ruleId}`, { token: admin });
    expect(
      history
        .json()
        .data.map(
          (entry: { instance: string; statusLabel: string }) => `${entry.instance}:${entry.statusLabel}`,
        ),
    ).toEqual(['db-9:Firing']);
    // The restarted server knows the instance is firing: a repeat pages nobody.
    expect((await fire(rule.token, 'db-9')).json().message).toBe('Already Active');
  });
});
