import type { AddressInfo } from 'node:net';
import { createCore, type LiveEvent } from '@oncall/core';
import { User } from '@oncall/core/persistence';
import { openDatabase } from '@oncall/db';
import { runPagingToEnd } from '@oncall/engine/testing';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createDeliveringTestApp, type DeliveringTestApp } from './support/delivering-test-app';
import { type ListenOptions, type LiveListener, listenLive } from './support/live-listener';
import { seedApiRule, seedChannelEndpoints } from './support/seed-delivery';
import { buildTestHttpApp } from './support/test-app';

const WAIT = { timeout: 15_000, interval: 25 };

/**
 * The tRPC live subscription over a real SSE connection, with the embedded engine delivering: a
 * fire through the REST ingestion route reaches subscribers as a state change and as delivery
 * outcomes; a client that reconnects with its last event id is sent exactly what it missed; a
 * member sees only the rules it may read; a subscriber of another server on the same database
 * sees what this one commits.
 */
describe('live events over tRPC SSE', () => {
  let h: DeliveringTestApp;
  let baseUrl: string;
  let admin: string;
  let teamsEndpoint: string;
  const listeners: LiveListener[] = [];

  beforeAll(async () => {
    h = await createDeliveringTestApp({
      ingestPerTokenPerMinute: 100_000,
      liveEvents: { sessionCheckMs: 100 },
    });
    baseUrl = await listenOn(h.app);
    admin = await h.adminToken();
    const adminId = (await h.t.core.orm.em.fork().findOneOrFail(User, { isSystemAdmin: true })).id;
    teamsEndpoint = (await seedChannelEndpoints(h.t, adminId, h.fakes)).teams.id;
  });
  afterAll(async () => {
    for (const listener of listeners) listener.stop();
    await h.dispose();
  });

  const listen = async (options: ListenOptions, url = baseUrl, live = h.core.live) => {
    const before = live.subscribers;
    const listener = listenLive(url, options);
    listeners.push(listener);
    // Joined on the server: from here on nothing committed is missed.
    await vi.waitFor(() => expect(live.subscribers).toBe(before + 1), WAIT);
    return listener;
  };
  /** Disconnects the clients and waits until the server has seen them go. */
  const stop = async (...stopping: LiveListener[]) => {
    for (const listener of stopping) listener.stop();
    await vi.waitFor(() => expect(h.core.live.subscribers).toBe(0), WAIT);
  };
  const fire = (token: string, instance: string) =>
    h.call('POST', '/api/v1/fire-alert', { token, body: { alertname: 'disk_full', instance } });
  const resolve = (token: string, instance: string) =>
    h.call('POST', '/api/v1/resolve-alert', { token, body: { alertname: 'disk_full', instance } });
  const rule = (name: string, sharedWith?: string[]) =>
    seedApiRule(h.t, { name, endpointIds: [teamsEndpoint], sharedWith });
  const about = (events: LiveEvent[], ruleId: string) => events.filter((event) => event.ruleId === ruleId);

  it('sends a fire as a state change, then its delivery outcome, each with an id', async () => {
    const disk = await rule('Disk');
    const listener = await listen({ token: admin });
    expect((await fire(disk.token, 'db-1')).statusCode).toBe(200);

    await vi.waitFor(() => {
      const events = about(listener.events, disk.ruleId);
      expect(events.map((event) => `${event.kind}:${event.change}`)).toEqual([
        'alert:fired',
        'delivery:fired',
      ]);
    }, WAIT);
    const [fired, delivered] = about(listener.events, disk.ruleId);
    expect(fired).toMatchObject({ kind: 'alert', state: 'critical', ruleState: 'critical' });
    expect(fired?.instanceId).toEqual(expect.any(String));
    expect(delivered).toMatchObject({
      kind: 'delivery',
      endpointId: teamsEndpoint,
      outcome: 'delivered',
      attempt: 1,
      instanceId: fired?.instanceId,
      episodeId: fired?.episodeId,
    });
    expect(new Set(listener.events.map((event) => event.id)).size).toBe(listener.events.length);
    await stop(listener);
  });

  it('replays exactly what a client missed while disconnected, then follows live', async () => {
    const disk = await rule('Disk');
    const steady = await listen({ token: admin, ruleIds: [disk.ruleId] });
    // This one reads the bearer token from the Authorization header instead of connection params.
    const flaky = await listen({ token: admin, ruleIds: [disk.ruleId], via: 'header' });

    await fire(disk.token, 'db-1');
    await vi.waitFor(() => expect(flaky.events).toHaveLength(2), WAIT);
    flaky.stop();
    await vi.waitFor(() => expect(h.core.live.subscribers).toBe(1), WAIT);
    const lastSeen = flaky.lastId();

    // Missed: a second instance fires and the first resolves, with their deliveries.
    await fire(disk.token, 'db-2');
    await resolve(disk.token, 'db-1');
    await runPagingToEnd(h.t.core.orm);
    await vi.waitFor(() => expect(steady.events).toHaveLength(6), WAIT);

    const resumed = await listen({ token: admin, ruleIds: [disk.ruleId], lastEventId: lastSeen });
    await vi.waitFor(() => expect(resumed.events).toHaveLength(4), WAIT);
    // Then live again.
    await fire(disk.token, 'db-3');
    await vi.waitFor(() => expect(steady.events).toHaveLength(8), WAIT);
    await vi.waitFor(() => expect(resumed.events).toHaveLength(6), WAIT);

    const ids = (events: LiveEvent[]) => events.map((event) => event.id);
    expect([...ids(flaky.events), ...ids(resumed.events)]).toEqual(ids(steady.events));
    expect(resumed.events.slice(0, 4).map((event) => `${event.kind}:${event.change}`)).toEqual(
      expect.arrayContaining(['alert:fired', 'alert:resolved', 'delivery:fired', 'delivery:resolved']),
    );
    await stop(steady, resumed);
  });

  it('shows a member only the rules it may read', async () => {
    const member = await h.userWithToken('live-member', 'member');
    const hidden = await rule('Hidden');
    const shared = await rule('Shared', [member.id]);
    const memberListener = await listen({ token: member.token });
    const adminListener = await listen({ token: admin });

    await fire(hidden.token, 'db-1');
    await fire(shared.token, 'db-1');
    await runPagingToEnd(h.t.core.orm);
    await vi.waitFor(() => expect(about(adminListener.events, hidden.ruleId)).toHaveLength(2), WAIT);
    await vi.waitFor(() => expect(about(adminListener.events, shared.ruleId)).toHaveLength(2), WAIT);
    await vi.waitFor(() => expect(about(memberListener.events, shared.ruleId)).toHaveLength(2), WAIT);
    // The member's stream is no slower than the admin's: had the hidden rule's events reached it,
    // they would be there by now.
    expect(about(memberListener.events, hidden.ruleId)).toEqual([]);

    // Asking for the hidden rule by id does not reach it either, on a replay.
    const asked = await listen({
      token: member.token,
      ruleIds: [hidden.ruleId, shared.ruleId],
      lastEventId: '0a00000000-0000-0000-0000-000000000000',
    });
    await vi.waitFor(() => expect(about(asked.events, shared.ruleId)).toHaveLength(2), WAIT);
    expect(about(asked.events, hidden.ruleId)).toEqual([]);
    await stop(memberListener, adminListener, asked);
  });

  it('refuses a subscriber without a valid token', async () => {
    const stranger = listenLive(baseUrl, { token: 'not-a-token' });
    listeners.push(stranger);
    await vi.waitFor(() => expect(stranger.errors).toHaveLength(1), WAIT);
    expect(stranger.errors[0]).toMatchObject({ data: { code: 'UNAUTHORIZED' } });
    await stop(stranger);
  });

  it('ends a stream whose session ended (logged out), as unauthorized', async () => {
    const { token } = await h.userWithToken('live-leaver', 'member');
    const listener = await listen({ token });
    expect((await h.call('POST', '/api/v1/auth/logout', { token })).statusCode).toBeLessThan(300);
    await vi.waitFor(() => expect(listener.errors).toHaveLength(1), WAIT);
    expect(listener.errors[0]).toMatchObject({ data: { code: 'UNAUTHORIZED' } });
    await stop(listener);
  });

  it('reaches a subscriber of another server over the same database', async () => {
    const target = h.t.database.target;
    const replicaDb = target.kind === 'postgres' ? await openDatabase(target) : undefined;
    const replicaCore = createCore({
      ...h.t.deps,
      orm: replicaDb?.orm ?? h.t.deps.orm,
      orchestrator: h.core.orchestrator,
    });
    const replica = await buildTestHttpApp(h.t, replicaCore);
    try {
      const replicaUrl = await listenOn(replica);
      const disk = await rule('Disk');
      const listener = await listen({ token: admin }, replicaUrl, replicaCore.live);
      await fire(disk.token, 'db-1');
      await vi.waitFor(
        () => expect(about(listener.events, disk.ruleId).map((event) => event.change)).toContain('fired'),
        WAIT,
      );
      listener.stop();
      await vi.waitFor(() => expect(replicaCore.live.subscribers).toBe(0), WAIT);
      await runPagingToEnd(h.t.core.orm);
    } finally {
      await replica.close();
      await replicaDb?.close();
    }
  });
});

async function listenOn(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}
