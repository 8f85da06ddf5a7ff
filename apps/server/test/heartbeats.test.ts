import { AlertEvent, AlertInstance, User } from '@oncall/core/persistence';
import { Heartbeats } from '@oncall/heartbeats';
import type { RecordingOrchestrator } from '@oncall/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedEndpoint } from './support/alert-rule-fixtures';
import { createTestApp, type TestApp } from './support/test-app';

/**
 * Heartbeat rules end to end over the real server and database, with the test clock: pings by
 * GET, HEAD and POST, the monitor's claim of due heartbeats, and the normal alert path (instances,
 * episodes, pages asked of the engine, history).
 */
describe('heartbeat rules', () => {
  let h: TestApp;
  let admin: string;
  let adminId: string;
  let monitor: Heartbeats;

  beforeAll(async () => {
    // The test clock moves hours: the admin's session must outlive it.
    h = await createTestApp({
      accessTokenTtlSeconds: 30 * 24 * 3600,
      refreshTokenTtlSeconds: 30 * 24 * 3600,
    });
    admin = await h.adminToken();
    adminId = (await h.t.core.orm.em.fork().findOneOrFail(User, { isSystemAdmin: true })).id;
    monitor = Heartbeats.of(h.t.core);
  });
  afterAll(() => h.dispose());

  const pages = () =>
    (h.t.core.orchestrator as RecordingOrchestrator).calls.filter((call) => call.type === 'notify').length;
  const minutes = (n: number) => n * 60_000;

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
    expect(read.statusCode, read.body).toBe(200);
    const pingUrl = read.json().pingUrl as string;
    expect(pingUrl).toMatch(/\/api\/v1\/heartbeat\/ak_/);
    return { ruleId, path: new URL(pingUrl, 'http://localhost').pathname };
  }

  const instanceOf = (ruleId: string, instance = 'heartbeat') =>
    h.t.core.orm.em.fork().findOne(AlertInstance, { rule: ruleId, instance });
  const states = async (ruleId: string) =>
    (await h.call('GET', `/api/v1/alert-rule/${ruleId}/heartbeats`, { token: admin }))
      .json()
      .heartbeats.map(
        (heartbeat: { instance: string; state: string }) => `${heartbeat.instance || '-'}:${heartbeat.state}`,
      );

  it('pages once when a ping is late past its grace, and resolves on the next ping', async () => {
    const { ruleId, path } = await heartbeatRule({
      scheduleKind: 'interval',
      periodSeconds: 60,
      graceSeconds: 30,
    });
    expect(await states(ruleId)).toEqual(['-:new']);
    // Never pinged: a new heartbeat is not watched yet.
    h.t.clock.advance(minutes(10));
    await monitor.runDue();
    expect(await states(ruleId)).toEqual(['-:new']);

    expect((await h.call('GET', path)).json()).toEqual({ status: true, state: 'up' });
    h.t.clock.advance(59_000);
    await monitor.runDue();
    expect(await states(ruleId)).toEqual(['-:up']);
    h.t.clock.advance(2_000);
    await monitor.runDue();
    expect(await states(ruleId)).toEqual(['-:late']);
    const before = pages();
    h.t.clock.advance(30_000);
    await monitor.runDue();
    await monitor.runDue();
    expect(await states(ruleId)).toEqual(['-:down']);
    expect(pages() - before).toBe(1);
    expect((await instanceOf(ruleId))?.state).toBe('critical');
    // Still missing: no second page.
    h.t.clock.advance(minutes(5));
    await monitor.runDue();
    expect(pages() - before).toBe(1);

    expect((await h.call('HEAD', path)).statusCode).toBe(200);
    expect((await instanceOf(ruleId))?.state).toBe('resolved');
    expect(await states(ruleId)).toEqual(['-:up']);
    const history = await h.t.core.orm.em
      .fork()
      .find(AlertEvent, { rule: ruleId }, { orderBy: { createdAt: 'asc' } });
    expect(history.map((event) => event.kind)).toEqual(['fired', 'resolved']);
  });

  it('fires at once on /fail and on a non-zero exit status, and resolves on /0', async () => {
    const { ruleId, path } = await heartbeatRule({
      scheduleKind: 'interval',
      periodSeconds: 3600,
      graceSeconds: 60,
    });
    const before = pages();
    const failed = await h.call('POST', `${path}/fail?rid=run-1`, {
      body: 'disk full',
      headers: { 'content-type': 'text/plain' },
    });
    expect(failed.json()).toEqual({ status: true, state: 'down' });
    expect(pages() - before).toBe(1);
    expect((await instanceOf(ruleId))?.state).toBe('critical');
    const read = (await h.call('GET', `/api/v1/alert-rule/${ruleId}/heartbeats`, { token: admin })).json();
    expect(read.heartbeats[0]).toMatchObject({
      lastPingKind: 'fail',
      lastRunId: 'run-1',
      lastBody: 'disk full',
    });
    expect((await h.call('GET', `${path}/0`)).json()).toEqual({ status: true, state: 'up' });
    expect((await instanceOf(ruleId))?.state).toBe('resolved');
    expect((await h.call('GET', `${path}/2`)).json()).toEqual({ status: true, state: 'down' });
    // The fire, the resolved message, the second fire.
    expect(pages() - before).toBe(3);
    const read2 = (await h.call('GET', `/api/v1/alert-rule/${ruleId}/heartbeats`, { token: admin })).json();
    expect(read2.heartbeats[0]).toMatchObject({ lastExitStatus: 2 });
  });

  it('keeps one heartbeat per instance key, each discovered on its first ping', async () => {
    const { ruleId, path } = await heartbeatRule({
      scheduleKind: 'interval',
      periodSeconds: 60,
      graceSeconds: 0,
    });
    await h.call('GET', `${path}?instance=host-1`);
    await h.call('POST', `${path}?instance=host-2`);
    expect(await states(ruleId)).toEqual(['-:new', 'host-1:up', 'host-2:up']);
    h.t.clock.advance(30_000);
    await h.call('GET', `${path}?instance=host-2`);
    h.t.clock.advance(31_000);
    await monitor.runDue();
    expect(await states(ruleId)).toEqual(['-:new', 'host-1:down', 'host-2:up']);
    expect((await instanceOf(ruleId, 'host-1'))?.state).toBe('critical');
    expect(await instanceOf(ruleId, 'host-2')).toBeNull();
  });

  it('pauses (resolving what fired) and resumes by hand', async () => {
    const { ruleId, path } = await heartbeatRule({
      scheduleKind: 'interval',
      periodSeconds: 60,
      graceSeconds: 0,
    });
    await h.call('GET', `${path}/fail`);
    const paused = await h.call('POST', `/api/v1/alert-rule/${ruleId}/heartbeats/pause`, {
      token: admin,
      body: {},
    });
    expect(paused.statusCode, paused.body).toBe(200);
    expect(await states(ruleId)).toEqual(['-:paused']);
    expect((await instanceOf(ruleId))?.state).toBe('resolved');
    // A ping is recorded but leaves it paused; nothing is watched.
    expect((await h.call('GET', path)).json()).toEqual({ status: true, state: 'paused' });
    h.t.clock.advance(minutes(10));
    await monitor.runDue();
    expect(await states(ruleId)).toEqual(['-:paused']);
    const resumed = await h.call('POST', `/api/v1/alert-rule/${ruleId}/heartbeats/resume`, {
      token: admin,
      body: {},
    });
    expect(resumed.json().heartbeats[0]).toMatchObject({ state: 'up' });
    h.t.clock.advance(61_000);
    await monitor.runDue();
    expect(await states(ruleId)).toEqual(['-:down']);
  });

  it('refuses hostile input with 4xx: bad token, bad exit status, bad instance, huge body kept bounded', async () => {
    const { ruleId, path } = await heartbeatRule({
      scheduleKind: 'interval',
      periodSeconds: 60,
      graceSeconds: 0,
    });
    expect((await h.call('GET', '/api/v1/heartbeat/ak_nope')).statusCode).toBe(404);
    expect((await h.call('POST', '/api/v1/heartbeat/ak_nope/fail')).statusCode).toBe(404);
    for (const action of ['256', '-1', 'explode', '1e3']) {
      const bad = await h.call('GET', `${path}/${action}`);
      expect(bad.statusCode, action).toBe(422);
      expect(Object.keys(bad.json().errors)).toEqual(['action']);
    }
    expect((await h.call('GET', `${path}?instance=${encodeURIComponent('bad key\n')}`)).statusCode).toBe(422);
    expect((await h.call('GET', `${path}?rid=${'x'.repeat(150)}`)).statusCode).toBe(422);
    const huge = 'é'.repeat(20_000);
    const kept = await h.call('POST', path, {
      body: huge,
      headers: { 'content-type': 'application/octet-stream' },
    });
    expect(kept.statusCode).toBe(200);
    const json = await h.call('POST', path, {
      body: '{"not":"parsed"',
      headers: { 'content-type': 'application/json' },
    });
    expect(json.statusCode).toBe(200);
    const body = (await h.call('GET', `/api/v1/alert-rule/${ruleId}/heartbeats`, { token: admin })).json()
      .heartbeats[0].lastBody as string;
    expect(body).toBe('{"not":"parsed"');
    const tooBig = await h.call('POST', path, {
      body: 'x'.repeat(70 * 1024),
      headers: { 'content-type': 'text/plain' },
    });
    expect(tooBig.statusCode).toBe(413);
  });

  it('keeps the last body to 10,000 bytes, cut at a character', async () => {
    const { ruleId, path } = await heartbeatRule({
      scheduleKind: 'interval',
      periodSeconds: 60,
      graceSeconds: 0,
    });
    await h.call('POST', path, { body: 'é'.repeat(20_000), headers: { 'content-type': 'text/plain' } });
    const body = (await h.call('GET', `/api/v1/alert-rule/${ruleId}/heartbeats`, { token: admin })).json()
      .heartbeats[0].lastBody as string;
    expect(body).toBe('é'.repeat(5_000));
  });

  it('refuses a schedule that cannot work with 422 at its field', async () => {
    const bad = async (settings: Record<string, unknown>) => {
      const response = await h.call('POST', '/api/v1/alert-rule', {
        token: admin,
        body: { type: 'heartbeat', name: 'bad heartbeat', ...settings },
      });
      expect(response.statusCode, response.body).toBe(422);
      return Object.keys(response.json().errors);
    };
    expect(await bad({ scheduleKind: 'cron', cron: 'every day' })).toEqual(['cron']);
    expect(await bad({ scheduleKind: 'cron', cron: '0 9 * * *', timeZone: 'Mars/Olympus' })).toEqual([
      'timeZone',
    ]);
    expect(await bad({ scheduleKind: 'interval' })).toEqual(['periodSeconds']);
  });

  it('reads, pauses and resumes over tRPC and GraphQL as over REST', async () => {
    const { ruleId, path } = await heartbeatRule({
      scheduleKind: 'interval',
      periodSeconds: 60,
      graceSeconds: 0,
    });
    await h.call('GET', `${path}?instance=db-1`);
    const listed = await h.call(
      'GET',
      `/trpc/heartbeats.list?input=${encodeURIComponent(JSON.stringify({ ruleId }))}`,
      {
        token: admin,
      },
    );
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.json().result.data.heartbeats.map((x: { instance: string }) => x.instance)).toEqual([
      '',
      'db-1',
    ]);
    const paused = await h.call('POST', '/trpc/heartbeats.pause', {
      token: admin,
      body: { ruleId, instance: 'db-1' },
    });
    expect(paused.statusCode, paused.body).toBe(200);
    expect(await states(ruleId)).toEqual(['-:new', 'db-1:paused']);
    const gql = await h.call('POST', '/graphql', {
      token: admin,
      body: {
        query: `mutation($ruleId: ID!) { resumeHeartbeats(ruleId: $ruleId, instance: "db-1") { heartbeats { instance state } } }`,
        variables: { ruleId },
      },
    });
    expect(gql.json()).toEqual({
      data: {
        resumeHeartbeats: {
          heartbeats: [
            { instance: '', state: 'new' },
            { instance: 'db-1', state: 'up' },
          ],
        },
      },
    });
    const read = await h.call('POST', '/graphql', {
      token: admin,
      body: {
        query: `query($ruleId: ID!) { heartbeats(ruleId: $ruleId) { pingUrl heartbeats { state } } }`,
        variables: { ruleId },
      },
    });
    expect(read.json().data.heartbeats.pingUrl).toContain('/api/v1/heartbeat/');
    // Someone who cannot see the rule finds nothing there.
    const stranger = await h.userWithToken('heartbeat-stranger', 'member');
    expect(
      (await h.call('GET', `/api/v1/alert-rule/${ruleId}/heartbeats`, { token: stranger.token })).statusCode,
    ).toBe(404);
    expect(
      (
        await h.call('POST', `/api/v1/alert-rule/${ruleId}/heartbeats/pause`, {
          token: stranger.token,
          body: {},
        })
      ).statusCode,
    ).toBe(404);
  });
});
