import { AlertEvent, AlertRule, User } from '@oncall/core/persistence';
import type { RecordingOrchestrator } from '@oncall/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedRule } from './support/seed-rule';
import { createTestApp, type TestApp } from './support/test-app';

describe('POST /alert-rule-notify/test/{id}', () => {
  let h: TestApp;
  let admin: string;
  let adminId: string;
  let recorder: RecordingOrchestrator;
  let shared: { id: string; token: string };
  let stranger: { id: string; token: string };

  beforeAll(async () => {
    h = await createTestApp();
    admin = await h.adminToken();
    adminId = (await h.t.core.orm.em.fork().findOneOrFail(User, { isSystemAdmin: true })).id;
    recorder = h.t.core.orchestrator as RecordingOrchestrator;
    shared = await h.userWithToken('test-shared', 'member');
    stranger = await h.userWithToken('test-stranger', 'member');
  });
  afterAll(() => h.dispose());

  const sendTest = (ruleId: string, token: string) =>
    h.call('POST', `/api/v1/alert-rule-notify/test/${ruleId}`, { token });
  const share = async (ruleId: string, userId: string) => {
    const em = h.t.core.orm.em.fork();
    const rule = await em.findOneOrFail(AlertRule, { id: ruleId });
    rule.users.add(em.getReference(User, userId));
    await em.flush();
  };
  const eventsOf = (ruleId: string) =>
    h.t.core.orm.em.fork().find(AlertEvent, { rule: ruleId }, { orderBy: { createdAt: 'asc' } });
  const notifiedEndpoints = (alertEventId: string | undefined) =>
    recorder.calls
      .filter((c) => c.type === 'notify' && c.alertEventId === alertEventId)
      .map((c) => (c.type === 'notify' ? c.endpointId : ''))
      .sort();

  it('records a test event and queues it to every attached endpoint', async () => {
    const { ruleId, endpointIds } = await seedRule(h.t, { endpointOwners: [adminId, adminId] });
    const response = await sendTest(ruleId, admin);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: true, message: 'Test notification queued.' });
    const [event, ...others] = await eventsOf(ruleId);
    expect(others).toEqual([]);
    expect(event).toMatchObject({
      kind: 'test',
      state: null,
      ruleState: 'unknown',
      actorId: adminId,
      episodeId: null,
    });
    expect(notifiedEndpoints(event?.id)).toEqual([...endpointIds].sort());
  });

  it('carries the rule state in force, and shows in the history as a Test entry', async () => {
    const { ruleId, token } = await seedRule(h.t);
    await h.call('POST', '/api/v1/fire-alert', { token, body: { alertname: 'cpu', instance: 'n1' } });
    expect((await sendTest(ruleId, admin)).statusCode).toBe(200);
    const history = await h.call('GET', `/api/v1/alert-rule/history/${ruleId}`, { token: admin });
    expect(
      history
        .json()
        .data.map((e: { kind: string; statusLabel: string; ruleState: string; state: string | null }) => [
          e.kind,
          e.statusLabel,
          e.ruleState,
          e.state,
        ]),
    ).toEqual([
      ['test', 'Test', 'critical', null],
      ['fired', 'Firing', 'critical', 'critical'],
    ]);
  });

  it('leaves the status timeline alone: a test is history, not a change of state', async () => {
    const { ruleId } = await seedRule(h.t);
    // A stored state the history never recorded, so a timeline that read the test event would show it.
    await h.t.core.orm.em.fork().nativeUpdate(AlertRule, { id: ruleId }, { state: 'critical' });
    const from = Math.floor(h.t.clock.now().getTime() / 1000) - 60;
    expect((await sendTest(ruleId, admin)).statusCode).toBe(200);
    const timeline = await h.call(
      'GET',
      `/api/v1/alert-rule/status?alertRuleIds=${ruleId}&fromTime=${from}&toTime=${from + 120}&bucketCount=2`,
      { token: admin },
    );
    expect(timeline.json()[0].segments.map((b: { status: string }) => b.status)).toEqual([
      'unknown',
      'unknown',
    ]);
  });

  it('lets users the rule is shared with test it, and answers 404 to the others', async () => {
    const { ruleId } = await seedRule(h.t);
    await share(ruleId, shared.id);
    expect((await sendTest(ruleId, stranger.token)).statusCode).toBe(404);
    expect(await eventsOf(ruleId)).toEqual([]);
    const response = await sendTest(ruleId, shared.token);
    expect(response.json()).toEqual({ status: true, message: 'Test notification queued.' });
    expect((await eventsOf(ruleId))[0]?.actorId).toBe(shared.id);
  });

  it('404s unknown and malformed rule ids and 401s without a session', async () => {
    expect((await sendTest('01890000-0000-7000-8000-000000000000', admin)).statusCode).toBe(404);
    expect((await sendTest('not-an-id', admin)).statusCode).toBe(404);
    const { ruleId } = await seedRule(h.t);
    expect((await h.call('POST', `/api/v1/alert-rule-notify/test/${ruleId}`)).statusCode).toBe(401);
  });

  it('skips endpoints of users who silenced the rule, and records nothing when none is left', async () => {
    const { ruleId, endpointIds } = await seedRule(h.t, { endpointOwners: [adminId, shared.id] });
    await share(ruleId, shared.id);
    expect(
      (await h.call('POST', `/api/v1/alert-rule/silent/${ruleId}`, { token: shared.token })).statusCode,
    ).toBe(200);
    await sendTest(ruleId, admin);
    const [event] = await eventsOf(ruleId);
    expect(notifiedEndpoints(event?.id)).toEqual([endpointIds[0]]);

    const bare = await seedRule(h.t, { endpointOwners: [] });
    const response = await sendTest(bare.ruleId, admin);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      status: false,
      message: 'No endpoint to notify: attach one to the rule, or unsilence it.',
    });
    expect(await eventsOf(bare.ruleId)).toEqual([]);
  });

  it('is the same use case on tRPC', async () => {
    const { ruleId, endpointIds } = await seedRule(h.t);
    const response = await h.call('POST', '/trpc/alertRules.notify.sendTest', {
      token: admin,
      body: { id: ruleId },
    });
    expect(response.json().result.data).toEqual({ status: true, message: 'Test notification queued.' });
    const [event] = await eventsOf(ruleId);
    expect(notifiedEndpoints(event?.id)).toEqual(endpointIds);
    const refused = await h.call('POST', '/trpc/alertRules.notify.sendTest', {
      token: stranger.token,
      body: { id: ruleId },
    });
    expect(refused.statusCode).toBe(404);
  });
});
