import { SlidingWindowLimiter } from '@oncall/core';
import { User } from '@oncall/core/persistence';
import { Heartbeats } from '@oncall/heartbeats';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/build-app';
import { seedEndpoint } from './support/alert-rule-fixtures';
import { createTestApp, type TestApp } from './support/test-app';

/**
 * The ping path's shortcuts keep their promises: a rule cached by token is checked against the
 * stored one by the ping statement itself (an edited schedule is used by the next ping, a deleted
 * rule is a 404), pings are limited per rule with a 429 that says when to come back, and the
 * monitor knows when it must look next.
 */
describe('heartbeat ping path', () => {
  let h: TestApp;
  let admin: string;
  let adminId: string;
  let limited: FastifyInstance;
  let heartbeats: Heartbeats;
  const PINGS_PER_MINUTE = 3;

  beforeAll(async () => {
    h = await createTestApp({
      accessTokenTtlSeconds: 30 * 24 * 3600,
      refreshTokenTtlSeconds: 30 * 24 * 3600,
    });
    admin = await h.adminToken();
    adminId = (await h.t.core.orm.em.fork().findOneOrFail(User, { isSystemAdmin: true })).id;
    heartbeats = Heartbeats.of(
      h.t.core,
      undefined,
      new SlidingWindowLimiter(PINGS_PER_MINUTE, 60_000, h.t.clock),
    );
    limited = await buildApp({
      core: h.t.core,
      heartbeats,
      ping: h.t.database.db.ping,
      logLevel: 'silent',
      bodyLimitBytes: 64 * 1024,
      trustProxy: false,
    });
  });
  afterAll(async () => {
    await limited.close();
    await h.dispose();
  });

  async function heartbeatRule(settings: Record<string, unknown>) {
    const endpointId = await seedEndpoint(h.t, adminId);
    const created = await h.call('POST', '/api/v1/alert-rule', {
      token: admin,
      body: {
        type: 'heartbeat',
        name: `hb-${Math.random().toString(36).slice(2, 8)}`,
        endpointIds: [endpointId],
        ...settings,
      },
    });
    expect(created.statusCode, created.body).toBe(200);
    const ruleId = created.json().id as string;
    const read = await h.call('GET', `/api/v1/alert-rule/${ruleId}/heartbeats`, { token: admin });
    return { ruleId, path: new URL(read.json().pingUrl as string, 'http://localhost').pathname };
  }

  const states = async (ruleId: string) =>
    (await h.call('GET', `/api/v1/alert-rule/${ruleId}/heartbeats`, { token: admin }))
      .json()
      .heartbeats.map(
        (heartbeat: { instance: string; state: string }) => `${heartbeat.instance || '-'}:${heartbeat.state}`,
      );

  it('uses a schedule edited after its rule was cached from the next ping on', async () => {
    const { ruleId, path } = await heartbeatRule({
      scheduleKind: 'interval',
      periodSeconds: 60,
      graceSeconds: 0,
    });
    expect((await h.call('GET', path)).json()).toEqual({ status: true, state: 'up' });
    const edited = await h.call('PUT', `/api/v1/alert-rule/${ruleId}`, {
      token: admin,
      body: { scheduleKind: 'interval', periodSeconds: 600, graceSeconds: 0 },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    // The rule is still cached with the one-minute schedule: the ping must not be stored by it.
    expect((await h.call('GET', path)).json()).toEqual({ status: true, state: 'up' });
    h.t.clock.advance(61_000);
    await heartbeats.runDue();
    expect(await states(ruleId)).toEqual(['-:up']);
    h.t.clock.advance(540_000);
    await heartbeats.runDue();
    expect(await states(ruleId)).toEqual(['-:down']);
  });

  it('answers 404 to a cached token once its rule is deleted', async () => {
    const { ruleId, path } = await heartbeatRule({
      scheduleKind: 'interval',
      periodSeconds: 60,
      graceSeconds: 0,
    });
    expect((await h.call('GET', path)).statusCode).toBe(200);
    expect((await h.call('DELETE', `/api/v1/alert-rule/${ruleId}`, { token: admin })).statusCode).toBe(200);
    // The process's own cache still names the rule; the ping statement finds it gone.
    const pinged = await h.call('GET', path);
    expect(pinged.statusCode, pinged.body).toBe(404);
    expect((await h.call('GET', path)).statusCode).toBe(404);
  });

  it('limits pings per rule, all its instance keys together, with a 429 and Retry-After', async () => {
    const { path } = await heartbeatRule({ scheduleKind: 'interval', periodSeconds: 60, graceSeconds: 0 });
    const other = await heartbeatRule({ scheduleKind: 'interval', periodSeconds: 60, graceSeconds: 0 });
    const ping = (url: string) => limited.inject({ method: 'GET', url });
    expect((await ping(path)).statusCode).toBe(200);
    expect((await ping(`${path}?instance=host-1`)).statusCode).toBe(200);
    h.t.clock.advance(20_000);
    expect((await ping(`${path}/start`)).statusCode).toBe(200);
    const refused = await ping(path);
    expect(refused.statusCode, refused.body).toBe(429);
    expect(refused.json().code).toBe('rate_limited');
    expect(refused.headers['retry-after']).toBe('40');
    // Another rule's token is counted on its own.
    expect((await ping(other.path)).statusCode).toBe(200);
    // Once the first pings leave the window, pings are taken again.
    h.t.clock.advance(40_001);
    expect((await ping(path)).statusCode).toBe(200);
  });

  it('tells the monitor the earliest due time', async () => {
    const { path } = await heartbeatRule({ scheduleKind: 'interval', periodSeconds: 5, graceSeconds: 10 });
    await heartbeats.runDue();
    const before = await heartbeats.nextDueAt();
    const pingedAt = h.t.clock.now().getTime();
    expect((await h.call('GET', path)).statusCode).toBe(200);
    const due = await heartbeats.nextDueAt();
    expect(due?.getTime()).toBe(Math.min(pingedAt + 5_000, before?.getTime() ?? Number.POSITIVE_INFINITY));
  });
});
