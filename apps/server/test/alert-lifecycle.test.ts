import { AlertEvent, AlertRule, User } from '@oncall/core/persistence';
import type { RecordingOrchestrator } from '@oncall/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedRule } from './support/seed-rule';
import { createTestApp, type TestApp } from './support/test-app';

describe('acknowledge, resolve, history, timeline and triggered data', () => {
  let h: TestApp;
  let admin: string;
  let recorder: RecordingOrchestrator;
  let shared: { id: string; token: string };
  let stranger: { id: string; token: string };

  beforeAll(async () => {
    h = await createTestApp({ ingestPerTokenPerMinute: 100_000 });
    admin = await h.adminToken();
    recorder = h.t.core.orchestrator as RecordingOrchestrator;
    shared = await h.userWithToken('shared-user', 'member');
    stranger = await h.userWithToken('stranger', 'member');
  });
  afterAll(() => h.dispose());

  /** The token a page of the rule's open episode carries for the endpoint. */
  const linkFor = async (ruleId: string, endpointId: string) => {
    const fired = await h.t.core.orm.em.fork().findOneOrFail(AlertEvent, { rule: ruleId, kind: 'fired' });
    return h.t.core.ackLinks.sign({ ruleId, episodeId: fired.id, endpointId });
  };
  const fire = (token: string, instance: string, extra: Record<string, string> = {}) =>
    h.call('POST', '/api/v1/fire-alert', { token, body: { alertname: 'cpu', instance, ...extra } });
  const share = async (ruleId: string, userId: string) => {
    const em = h.t.core.orm.em.fork();
    const rule = await em.findOneOrFail(AlertRule, { id: ruleId });
    rule.users.add(em.getReference(User, userId));
    await em.flush();
  };

  it('acknowledges once, stops escalations, tells the endpoints, and refuses strangers', async () => {
    const { ruleId, token } = await seedRule(h.t);
    await share(ruleId, shared.id);
    await fire(token, 'node-1');
    expect(
      (await h.call('POST', `/api/v1/alert-rule/acknowledge/${ruleId}`, { token: stranger.token }))
        .statusCode,
    ).toBe(404);
    const ack = await h.call('POST', `/api/v1/alert-rule/acknowledge/${ruleId}`, { token: shared.token });
    expect(ack.json()).toEqual({ status: true, message: 'Alert rule acknowledged.' });
    const again = await h.call('POST', `/api/v1/alert-rule/acknowledge/${ruleId}`, { token: admin });
    expect(again.json()).toEqual({ status: false, message: 'Alert rule already acknowledged.' });
    const events = await h.t.core.orm.em
      .fork()
      .find(AlertEvent, { rule: ruleId }, { orderBy: { createdAt: 'asc' } });
    const [fired, acked] = events;
    expect(acked).toMatchObject({ kind: 'acknowledged', actorId: shared.id, ruleState: 'critical' });
    expect(recorder.calls).toContainEqual({
      type: 'stopEscalations',
      alertEventId: fired?.id,
      reason: 'acknowledged',
    });
    expect(recorder.calls.filter((c) => c.type === 'notify' && c.alertEventId === acked?.id)).toHaveLength(1);
    // The state is left as it is.
    expect((await h.t.core.orm.em.fork().findOneOrFail(AlertRule, { id: ruleId })).state).toBe('critical');
  });

  it('refuses to acknowledge a rule that is not firing, and 404s unknown rules', async () => {
    const { ruleId } = await seedRule(h.t);
    const response = await h.call('POST', `/api/v1/alert-rule/acknowledge/${ruleId}`, { token: admin });
    expect(response.statusCode).toBe(422);
    expect(
      (
        await h.call('POST', '/api/v1/alert-rule/acknowledge/01890000-0000-7000-8000-000000000000', {
          token: admin,
        })
      ).statusCode,
    ).toBe(404);
    expect((await h.call('POST', `/api/v1/alert-rule/acknowledge/${ruleId}`)).statusCode).toBe(401);
  });

  it('acknowledges through a message\'s link as the endpoint\'s owner, and 200 "already" when repeated', async () => {
    const { ruleId, token, endpointIds } = await seedRule(h.t, { endpointOwners: [shared.id] });
    await fire(token, 'node-2');
    const link = await linkFor(ruleId, endpointIds[0] ?? '');
    const first = await h.call('GET', `/api/v1/alert-rule/acknowledgeL/${ruleId}?token=${link}`);
    expect(first.json()).toEqual({ status: true, message: 'Alert rule acknowledged.' });
    const acked = await h.t.core.orm.em
      .fork()
      .findOneOrFail(AlertEvent, { rule: ruleId, kind: 'acknowledged' });
    expect(acked).toMatchObject({ actorId: shared.id, viaEndpointId: endpointIds[0] });
    const repeat = await h.call('GET', `/api/v1/alert-rule/acknowledgeL/${ruleId}?token=${link}`);
    expect(repeat.statusCode).toBe(200);
    expect(repeat.json()).toEqual({ status: false, message: 'Alert rule already acknowledged.' });
    const other = await seedRule(h.t);
    expect(
      (await h.call('GET', `/api/v1/alert-rule/acknowledgeL/${other.ruleId}?token=${link}`)).statusCode,
    ).toBe(401);
    expect((await h.call('GET', `/api/v1/alert-rule/acknowledgeL/${ruleId}`)).statusCode).toBe(401);
  });

  it('resolves every firing instance by hand, for shared users too', async () => {
    const { ruleId, token } = await seedRule(h.t);
    await share(ruleId, shared.id);
    await fire(token, 'a');
    await fire(token, 'b');
    expect(
      (await h.call('POST', `/api/v1/alert-rule/resolve/${ruleId}`, { token: stranger.token })).statusCode,
    ).toBe(404);
    const resolved = await h.call('POST', `/api/v1/alert-rule/resolve/${ruleId}`, { token: shared.token });
    expect(resolved.json()).toEqual({ status: true, message: 'Alert rule resolved.' });
    expect((await h.t.core.orm.em.fork().findOneOrFail(AlertRule, { id: ruleId })).state).toBe('resolved');
    const triggered = (
      await h.call('GET', `/api/v1/alert-rule/triggered/${ruleId}`, { token: admin })
    ).json();
    expect(triggered).toEqual([]);
  });

  it('lists what is firing now', async () => {
    const { ruleId, token } = await seedRule(h.t);
    await fire(token, 'x', { description: 'hot' });
    await fire(token, 'y');
    await h.call('POST', '/api/v1/resolve-alert', { token, body: { alertname: 'cpu', instance: 'y' } });
    // A bare array, as the original web UI's fired-alerts table reads it (docs/decisions.md).
    const response = await h.call('GET', `/api/v1/alert-rule/triggered/${ruleId}`, { token: admin });
    expect(
      response
        .json()
        .map((i: { alertRuleId: string; instance: string; description: string; state: string }) => [
          i.alertRuleId,
          i.instance,
          i.description,
          i.state,
        ]),
    ).toEqual([[ruleId, 'x', 'hot', 'critical']]);
    expect(
      (await h.call('GET', `/api/v1/alert-rule/triggered/${ruleId}`, { token: stranger.token })).statusCode,
    ).toBe(404);
  });

  it('pages history newest first with perPage and a from/to window in Y-m-d H:i', async () => {
    const { ruleId, token } = await seedRule(h.t);
    for (let i = 0; i < 3; i++) {
      await fire(token, `h${i}`);
      h.t.clock.advance(60_000);
    }
    const page = (
      await h.call('GET', `/api/v1/alert-rule/history/${ruleId}?perPage=2`, { token: admin })
    ).json();
    expect(page).toMatchObject({ total: 3, per_page: 2, last_page: 2 });
    expect(
      page.data.map((e: { instance: string; statusLabel: string }) => `${e.instance}:${e.statusLabel}`),
    ).toEqual(['h2:Firing', 'h1:Firing']);
    const events = await h.t.core.orm.em
      .fork()
      .find(AlertEvent, { rule: ruleId }, { orderBy: { createdAt: 'asc' } });
    const minute = (d: Date) => d.toISOString().slice(0, 16).replace('T', ' ');
    const first = events[0]?.createdAt ?? new Date();
    const windowed = await h.call(
      'GET',
      `/api/v1/alert-rule/history/${ruleId}?from=${encodeURIComponent(minute(first))}&to=${encodeURIComponent(minute(first))}`,
      { token: admin },
    );
    expect(windowed.json().data.map((e: { instance: string }) => e.instance)).toEqual(['h0']);
    const bad = await h.call('GET', `/api/v1/alert-rule/history/${ruleId}?from=yesterday`, { token: admin });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toHaveProperty('from');
    expect(
      (await h.call('GET', `/api/v1/alert-rule/history/${ruleId}`, { token: stranger.token })).statusCode,
    ).toBe(404);
    expect((await h.call('GET', '/api/v1/alert-rule/history/nope', { token: admin })).statusCode).toBe(404);
  });

  it('computes status timelines with hand-checked buckets and omits rules the caller cannot see', async () => {
    const base = Math.floor(h.t.clock.now().getTime() / 1000) + 3600;
    h.t.clock.advance((base - Math.floor(h.t.clock.now().getTime() / 1000)) * 1000);
    const { ruleId, token } = await seedRule(h.t, { name: 'timeline-a' });
    const quiet = await seedRule(h.t, { name: 'timeline-b' });
    // t=0 fire, t=150 resolve, t=250 fire again, t=399 resolve; buckets of 100 s.
    await fire(token, 'n');
    h.t.clock.advance(150_000);
    await h.call('POST', '/api/v1/resolve-alert', { token, body: { alertname: 'cpu', instance: 'n' } });
    h.t.clock.advance(100_000);
    await fire(token, 'n');
    h.t.clock.advance(149_000);
    await h.call('POST', '/api/v1/resolve-alert', { token, body: { alertname: 'cpu', instance: 'n' } });
    // The clock moved past the suite's access tokens' lifetime: sign in again.
    const viewer = await h.adminToken();
    const outsider = (await h.login('stranger', 'stranger-password')).accessToken;
    const query = `alertRuleIds[]=${ruleId}&alertRuleIds[]=${quiet.ruleId}&fromTime=${base - 100}&toTime=${base + 400}&bucketCount=5`;
    const response = await h.call('GET', `/api/v1/alert-rule/status?${query}`, { token: viewer });
    expect(response.statusCode).toBe(200);
    const byName = Object.fromEntries(
      response
        .json()
        .map((r: { name: string; segments: Array<{ status: string }> }) => [
          r.name,
          r.segments.map((b) => b.status),
        ]),
    );
    expect(byName['timeline-a']).toEqual(['unknown', 'critical', 'critical', 'critical', 'critical']);
    expect(byName['timeline-b']).toEqual(['unknown', 'unknown', 'unknown', 'unknown', 'unknown']);
    // Bucket 3 ([200, 300)) starts resolved but fires at 250; bucket 4 starts critical and resolves at 399.
    const later = await h.call(
      'GET',
      `/api/v1/alert-rule/status?alertRuleIds=${ruleId}&fromTime=${base + 100}&toTime=${base + 500}&bucketCount=4`,
      { token: viewer },
    );
    expect(later.json()[0].segments.map((b: { status: string }) => b.status)).toEqual([
      'critical',
      'critical',
      'critical',
      'resolved',
    ]);
    expect((await h.call('GET', `/api/v1/alert-rule/status?${query}`, { token: outsider })).json()).toEqual(
      [],
    );
  });

  it('422s a timeline whose toTime is not after fromTime, or without rules', async () => {
    const admin = await h.adminToken();
    const equal = await h.call('GET', '/api/v1/alert-rule/status?alertRuleIds=x&fromTime=100&toTime=100', {
      token: admin,
    });
    expect(equal.statusCode).toBe(422);
    expect(equal.json().errors).toHaveProperty('toTime');
    const none = await h.call('GET', '/api/v1/alert-rule/status?fromTime=1&toTime=100', { token: admin });
    expect(none.json().errors).toHaveProperty('alertRuleIds');
  });
});

describe('acknowledge links', () => {
  let h: TestApp;
  beforeAll(async () => {
    h = await createTestApp();
  });
  afterAll(() => h.dispose());

  it('expire after a week by default', async () => {
    const { ruleId, token, endpointIds } = await seedRule(h.t);
    await h.call('POST', '/api/v1/fire-alert', { token, body: { instance: 'late' } });
    const fired = await h.t.core.orm.em.fork().findOneOrFail(AlertEvent, { rule: ruleId, kind: 'fired' });
    const link = h.t.core.ackLinks.sign({ ruleId, episodeId: fired.id, endpointId: endpointIds[0] ?? '' });
    h.t.clock.advance((7 * 24 * 3600 + 1) * 1000);
    expect((await h.call('GET', `/api/v1/alert-rule/acknowledgeL/${ruleId}?token=${link}`)).statusCode).toBe(
      401,
    );
  });
});
