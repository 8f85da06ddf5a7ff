import { User } from '@oncall/core/persistence';
import { Heartbeats } from '@oncall/heartbeats';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createDeliveringTestApp, type DeliveringTestApp } from './support/delivering-test-app';
import { kindsOf, messagesAbout } from './support/delivery-fakes';
import { seedChannelEndpoints, seedFlowEndpoint } from './support/seed-delivery';

const WAIT = { timeout: 30_000, interval: 50 };

/**
 * A missed heartbeat pages through the real engine like any alert: a flow endpoint's steps, the
 * resolved message when the job pings again.
 */
describe('end to end: heartbeats page through the engine', () => {
  let h: DeliveringTestApp;
  let adminId: string;

  beforeAll(async () => {
    h = await createDeliveringTestApp({ accessTokenTtlSeconds: 24 * 3600 });
    adminId = (await h.t.core.orm.em.fork().findOneOrFail(User, { isSystemAdmin: true })).id;
  });
  afterAll(() => h.dispose());

  it('pages a missed deadline through a flow, once, and sends the resolve on the next ping', async () => {
    const { sms, telegram } = await seedChannelEndpoints(h.t, adminId, h.fakes);
    const flowId = await seedFlowEndpoint(h.t, adminId, [
      { type: 'endpoint', endpointIds: [sms.id] },
      { type: 'endpoint', endpointIds: [telegram.id] },
    ]);
    const admin = await h.adminToken();
    const created = await h.call('POST', '/api/v1/alert-rule', {
      token: admin,
      body: {
        type: 'heartbeat',
        name: 'Nightly backup',
        scheduleKind: 'interval',
        periodSeconds: 3600,
        graceSeconds: 600,
        endpointIds: [flowId],
      },
    });
    expect(created.statusCode, created.body).toBe(200);
    const ping = `/api/v1/heartbeat/${created.json().apiToken}`;
    expect((await h.call('POST', `${ping}/start?rid=1`)).statusCode).toBe(200);
    expect(
      (await h.call('POST', `${ping}/0?rid=1`, { body: 'ok', headers: { 'content-type': 'text/plain' } }))
        .statusCode,
    ).toBe(200);

    const monitor = Heartbeats.of(h.core);
    h.t.clock.advance(3600_000 + 600_000);
    await monitor.runDue();
    await monitor.runDue();
    await vi.waitFor(
      () =>
        expect(kindsOf(messagesAbout(h.fakes, 'Nightly backup', 'CRITICAL')).sort()).toEqual([
          'sms',
          'telegram',
        ]),
      WAIT,
    );
    expect((await h.call('GET', ping)).json()).toEqual({ status: true, state: 'up' });
    await vi.waitFor(
      () => expect(messagesAbout(h.fakes, 'Nightly backup', 'RESOLVED').length).toBeGreaterThan(0),
      WAIT,
    );
    expect(messagesAbout(h.fakes, 'Nightly backup', 'CRITICAL')).toHaveLength(2);
  });
});
