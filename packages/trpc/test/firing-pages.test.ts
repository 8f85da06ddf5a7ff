import { DeliveryAttempt, Endpoint, User } from '@oncall/core/persistence';
import { ADMIN, createTestCore, type TestCore } from '@oncall/testing';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerTrpc } from '../src/index';
import { trpcHttp } from './trpc-http';

interface FiringPage {
  asOf: string;
  items: {
    instance: string;
    episodeId: string;
    pages: {
      endpoint: { id: string; name: string | null; channel: string | null };
      status: string;
      attempts: number;
    }[];
    nextEscalation: {
      at: string;
      flow: { id: string; name: string };
      stepIndex: number;
      endpoints: number;
    } | null;
  }[];
}

/**
 * `alerts.firing` beside each instance: its pages' delivery status and the next escalation step.
 * The delivery log rows are written as the engine writes them (one per attempt, keyed by delivery),
 * so what is read is what a real run leaves behind.
 */
describe('tRPC alerts.firing pages and escalation', () => {
  let t: TestCore;
  let app: FastifyInstance;
  let rpc: ReturnType<typeof trpcHttp>;
  let admin: string;

  beforeAll(async () => {
    t = await createTestCore();
    app = Fastify();
    await registerTrpc(app, { core: t.core, prefix: '/trpc' });
    await app.ready();
    rpc = trpcHttp(app);
    admin = ((await rpc.mutation('auth.login', ADMIN)).data as { accessToken: string }).accessToken;
  });
  afterAll(async () => {
    await app.close();
    await t.dispose();
  });

  it('folds attempts into delivered, fell back and failed, and counts down to the flow step ahead', async () => {
    const em = t.core.orm.em.fork();
    const owner = await em.findOneOrFail(User, { username: ADMIN.username });
    const sms = em.create(Endpoint, {
      name: 'on-call phone',
      type: 'sms',
      destination: { value: '09120000001' },
      owner,
    });
    const mail = em.create(Endpoint, {
      name: 'team mail',
      type: 'email',
      destination: { value: 'ops@example.com' },
      owner,
    });
    const call = em.create(Endpoint, {
      name: 'lead call',
      type: 'call',
      destination: { value: '09120000002' },
      owner,
    });
    await em.flush();
    const flow = em.create(Endpoint, {
      name: 'night flow',
      type: 'flow',
      owner,
      steps: [
        { type: 'endpoint', endpointIds: [sms.id] },
        { type: 'wait', duration: 5, timeUnit: 'm' },
        { type: 'endpoint', endpointIds: [call.id, mail.id] },
      ],
    });
    await em.flush();
    const rule = (
      await rpc.mutation(
        'alertRules.create',
        { type: 'api', name: 'pages rule', endpointIds: [mail.id, flow.id], enableAutoResolve: false },
        admin,
      )
    ).data as { id: string; apiToken: string };
    await t.core.ingestion.status(rule.apiToken, {
      alertname: 'disk_full',
      instance: 'db-1',
      status: 'critical',
    });
    const before = (await rpc.query('alerts.firing', undefined, admin)).data as FiringPage;
    const episodeId = before.items[0]?.episodeId ?? '';
    // Nothing sent yet; the flow's second step runs 5 minutes after the fire.
    expect(before.items[0]?.pages).toEqual([]);
    expect(before.items[0]?.nextEscalation).toMatchObject({
      flow: { name: 'night flow' },
      stepIndex: 2,
      endpoints: 2,
    });
    expect(Date.parse(before.items[0]?.nextEscalation?.at ?? '') - Date.parse(before.asOf)).toBe(300_000);

    const attempt = (
      key: string,
      endpointId: string,
      config: string,
      n: number,
      outcome: DeliveryAttempt['outcome'],
    ) =>
      em.create(DeliveryAttempt, {
        notificationKind: 'alert',
        alertEventId: episodeId,
        endpointId,
        providerConfigId: config,
        attempt: n,
        idempotencyKey: `${key}:${config}:${n}`,
        outcome,
        error: outcome === 'delivered' ? null : 'refused',
        retryAfterMs: null,
        latencyMs: 40,
      });
    attempt(`notify:${episodeId}:${mail.id}`, mail.id, 'direct', 1, 'delivered');
    attempt(`notify:${episodeId}:${sms.id}:0`, sms.id, 'main', 1, 'permanent');
    await em.flush();
    attempt(`notify:${episodeId}:${sms.id}:0`, sms.id, 'spare', 1, 'delivered');
    t.clock.advance(60_000);
    await em.flush();

    const after = (await rpc.query('alerts.firing', undefined, admin)).data as FiringPage;
    const entry = after.items[0];
    expect(entry?.pages.map((p) => [p.endpoint.name, p.status, p.attempts])).toEqual([
      ['team mail', 'delivered', 1],
      ['on-call phone', 'fellBack', 2],
    ]);
    expect(Date.parse(entry?.nextEscalation?.at ?? '') - Date.parse(after.asOf)).toBe(240_000);

    // Acknowledged: the escalation stops, so no countdown.
    await rpc.mutation('alerts.acknowledge', { id: rule.id }, admin);
    const acknowledged = (await rpc.query('alerts.firing', undefined, admin)).data as FiringPage;
    expect(acknowledged.items[0]?.nextEscalation).toBeNull();
    expect(acknowledged.items[0]?.pages).toHaveLength(2);
  });
});
