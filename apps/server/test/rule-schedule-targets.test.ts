import { AlertEvent, queryRows } from '@oncall/core/persistence';
import { runPagingToEnd } from '@oncall/engine/testing';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createDeliveringTestApp, type DeliveringTestApp } from './support/delivering-test-app';
import { CHANNEL_KINDS, kindsOf, messagesAbout } from './support/delivery-fakes';
import { seedChannelEndpoints } from './support/seed-delivery';

const WAIT = { timeout: 30_000, interval: 50 };

/**
 * A rule that pages a schedule directly (`scheduleTargets`), without a flow, from an HTTP fire to
 * the fakes on the embedded engine: whoever is on call is paged on their own endpoints (they have
 * no notification rules), the delivery log names them and the target, an acknowledgement reaches
 * them; with nobody on call the team's admins are paged, or nobody. Written and read over REST,
 * with a 422 at the field for a schedule the writer may not use.
 */
describe('rules paging a schedule directly', () => {
  let h: DeliveringTestApp;
  let ana: { id: string; token: string };
  let lead: { id: string; token: string };
  let outsider: { id: string; token: string };
  let teamId: string;
  let anaEndpoints: Awaited<ReturnType<typeof seedChannelEndpoints>>;
  let leadEndpoints: Awaited<ReturnType<typeof seedChannelEndpoints>>;

  beforeAll(async () => {
    h = await createDeliveringTestApp();
    const admin = await h.adminToken();
    ana = await h.userWithToken('target-ana', 'member');
    lead = await h.userWithToken('target-lead', 'member');
    outsider = await h.userWithToken('target-outsider', 'member');
    const team = await h.call('POST', '/api/v1/team', {
      token: admin,
      body: { name: 'Targets', ownerId: lead.id, userIds: [ana.id] },
    });
    expect(team.statusCode, team.body).toBeLessThan(300);
    teamId = team.json().id ?? team.json().data?.id;
    anaEndpoints = await seedChannelEndpoints(h.t, ana.id, h.fakes);
    leadEndpoints = await seedChannelEndpoints(h.t, lead.id, h.fakes);
  });
  afterAll(() => h.dispose());

  /** A weekly rotation since January (UTC) whose one member (or gap) is always on call. */
  const schedule = async (name: string, member: string | null) => {
    const created = await h.call('POST', '/api/v1/schedule', {
      token: ana.token,
      body: {
        name,
        teamId,
        timeZone: 'UTC',
        layers: [
          {
            priority: 0,
            rotations: [{ unit: 'week', every: 1, startsAt: '2026-01-05T00:00', members: [member] }],
          },
        ],
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    return created.json().id as string;
  };
  const createRule = (name: string, scheduleTargets: unknown, token = ana.token) =>
    h.call('POST', '/api/v1/alert-rule', {
      token,
      body: { type: 'api', name, groupInterval: 0, showAcknowledgeBtn: true, scheduleTargets },
    });
  const fire = (token: string) =>
    h.call('POST', '/api/v1/fire-alert', { token, body: { alertname: 'disk', instance: 'db-1' } });
  const firedEventId = async (ruleId: string) =>
    (await h.t.core.orm.em.fork().findOneOrFail(AlertEvent, { rule: ruleId, kind: 'fired' })).id;
  const recipients = async (alertEventId: string) =>
    (
      await queryRows<{ endpoint_id: string; recipient: unknown }>(
        h.t.core.orm.em.fork(),
        `select endpoint_id, recipient from delivery_attempts
          where alert_event_id = ? and outcome = 'delivered' order by endpoint_id`,
        [alertEventId],
      )
    ).map((row) => ({
      endpointId: row.endpoint_id,
      recipient: typeof row.recipient === 'string' ? JSON.parse(row.recipient) : row.recipient,
    }));

  it('stores the targets with their defaults, keeps a target id across edits, and 422s at the field', async () => {
    const scheduleId = await schedule('Stored targets', ana.id);
    const created = await createRule('Stored targets rule', [{ scheduleId }]);
    expect(created.statusCode, created.body).toBe(200);
    const [target] = created.json().scheduleTargets;
    expect(created.json().scheduleTargets).toEqual([
      {
        id: expect.any(String),
        scheduleId,
        scheduleName: 'Stored targets',
        ifNobodyOnCall: 'teamAdmins',
        urgency: 'default',
        roundRobin: false,
      },
    ]);
    const ruleId = created.json().id;

    // Sent back changed, the target keeps its id; left out, it stays; an empty list removes it.
    const changed = await h.call('PUT', `/api/v1/alert-rule/${ruleId}`, {
      token: ana.token,
      body: { scheduleTargets: [{ scheduleId, urgency: 'high', ifNobodyOnCall: 'nobody' }] },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().scheduleTargets).toEqual([
      { ...target, urgency: 'high', ifNobodyOnCall: 'nobody' },
    ]);
    const renamed = await h.call('PUT', `/api/v1/alert-rule/${ruleId}`, {
      token: ana.token,
      body: { name: 'Stored targets rule, renamed' },
    });
    expect(renamed.json().scheduleTargets).toHaveLength(1);
    const read = await h.call('GET', `/api/v1/alert-rule/${ruleId}`, { token: ana.token });
    expect(read.json().scheduleTargets[0].id).toBe(target.id);
    const cleared = await h.call('PUT', `/api/v1/alert-rule/${ruleId}`, {
      token: ana.token,
      body: { scheduleTargets: [] },
    });
    expect(cleared.json().scheduleTargets).toEqual([]);

    const invisible = await createRule('Outsider rule', [{ scheduleId }], outsider.token);
    expect(invisible.statusCode).toBe(422);
    expect(invisible.json().errors).toEqual({
      'scheduleTargets.0.scheduleId': ['The selected schedule is invalid.'],
    });
    const twice = await createRule('Twice rule', [{ scheduleId }, { scheduleId }]);
    expect(twice.statusCode).toBe(422);
    expect(twice.json().errors).toEqual({
      'scheduleTargets.1.scheduleId': ['The schedule is listed twice.'],
    });
    const badUrgency = await createRule('Bad urgency rule', [{ scheduleId, urgency: 'urgent' }]);
    expect(badUrgency.statusCode).toBe(422);
    expect(Object.keys(badUrgency.json().errors)).toEqual(['scheduleTargets.0.urgency']);
  });

  it("names a target's schedule only to those who may use the schedule", async () => {
    const scheduleId = await schedule('Named to its team', ana.id);
    // The outsider may read the rule (one of its users) but is not of the schedule's team.
    const created = await h.call('POST', '/api/v1/alert-rule', {
      token: ana.token,
      body: {
        type: 'api',
        name: 'Named targets rule',
        userIds: [outsider.id],
        scheduleTargets: [{ scheduleId }],
      },
    });
    expect(created.statusCode, created.body).toBe(200);
    const ruleId = created.json().id;
    const targetsAs = async (token: string) => {
      const read = await h.call('GET', `/api/v1/alert-rule/${ruleId}`, { token });
      expect(read.statusCode, read.body).toBe(200);
      return read.json().scheduleTargets;
    };
    expect(await targetsAs(ana.token)).toEqual([
      expect.objectContaining({ scheduleId, scheduleName: 'Named to its team' }),
    ]);
    expect(await targetsAs(await h.adminToken())).toEqual([
      expect.objectContaining({ scheduleId, scheduleName: 'Named to its team' }),
    ]);
    expect(await targetsAs(outsider.token)).toEqual([
      expect.objectContaining({ scheduleId, scheduleName: null }),
    ]);
    const listed = await h.call('GET', '/api/v1/alert-rule', { token: outsider.token });
    const rows = listed.json().data ?? listed.json();
    const row = (Array.isArray(rows) ? rows : []).find((rule: { id: string }) => rule.id === ruleId);
    expect(row?.scheduleTargets).toEqual([expect.objectContaining({ scheduleId, scheduleName: null })]);
  });

  it('pages whoever is on call, logs who and why, and tells them of the acknowledgement', async () => {
    const scheduleId = await schedule('Paged directly', ana.id);
    // The outsider reads the rule (one of its users) but is not of the schedule's team.
    const created = await h.call('POST', '/api/v1/alert-rule', {
      token: ana.token,
      body: {
        type: 'api',
        name: 'Paged directly rule',
        groupInterval: 0,
        showAcknowledgeBtn: true,
        userIds: [outsider.id],
        scheduleTargets: [{ scheduleId }],
      },
    });
    expect(created.statusCode, created.body).toBe(200);
    const { id: ruleId, name, apiToken } = created.json();
    const targetId = created.json().scheduleTargets[0].id;

    expect((await fire(apiToken)).json()).toEqual({ status: true, message: 'Activated' });
    // Ana has no notification rules: every endpoint she owns is paged at once.
    await vi.waitFor(
      () => expect(kindsOf(messagesAbout(h.fakes, name, 'CRITICAL'))).toEqual([...CHANNEL_KINDS].sort()),
      WAIT,
    );
    const sms = messagesAbout(h.fakes, name, 'CRITICAL').find((message) => message.kind === 'sms');
    expect(sms?.destination).toBe(anaEndpoints.sms.destination);
    const eventId = await firedEventId(ruleId);
    await vi.waitFor(async () => expect(await recipients(eventId)).toHaveLength(CHANNEL_KINDS.length), WAIT);
    for (const { recipient } of await recipients(eventId)) {
      expect(recipient).toMatchObject({
        userId: ana.id,
        via: 'schedule',
        scheduleId,
        flowEndpointId: targetId,
        stepIndex: 0,
      });
    }
    // The rule's delivery log names the schedule to its team, as the rule's targets do, and not to
    // a reader of the rule who may not use the schedule.
    const loggedAs = async (token: string) => {
      const input = encodeURIComponent(JSON.stringify({ ruleId }));
      const read = await h.call('GET', `/trpc/episodes.deliveryLog?input=${input}`, { token });
      expect(read.statusCode, read.body).toBe(200);
      const items: Array<{
        outcome?: string;
        recipient?: { scheduleId?: string; scheduleName: string | null };
      }> = read.json().result.data.items;
      return items.filter((entry) => entry.outcome === 'delivered').map((entry) => entry.recipient);
    };
    expect(await loggedAs(ana.token)).toEqual(
      CHANNEL_KINDS.map(() => expect.objectContaining({ scheduleId, scheduleName: 'Paged directly' })),
    );
    expect(await loggedAs(outsider.token)).toEqual(
      CHANNEL_KINDS.map(() => expect.objectContaining({ scheduleId, scheduleName: null })),
    );

    const ack = await h.call('POST', `/api/v1/alert-rule/acknowledge/${ruleId}`, { token: ana.token });
    expect(ack.statusCode, ack.body).toBe(200);
    await vi.waitFor(
      () => expect(kindsOf(messagesAbout(h.fakes, name, 'ACKNOWLEDGED'))).toEqual([...CHANNEL_KINDS].sort()),
      WAIT,
    );
  });

  it("pages the team's admins when nobody is on call, and nobody when the target says so", async () => {
    const scheduleId = await schedule('Nobody on call', null);
    const admins = await createRule('Admins fallback rule', [{ scheduleId }]);
    const silent = await createRule('Nobody fallback rule', [{ scheduleId, ifNobodyOnCall: 'nobody' }]);
    expect(admins.statusCode, admins.body).toBe(200);
    expect(silent.statusCode, silent.body).toBe(200);

    expect((await fire(admins.json().apiToken)).json()).toEqual({ status: true, message: 'Activated' });
    expect((await fire(silent.json().apiToken)).json()).toEqual({ status: true, message: 'Activated' });
    await vi.waitFor(
      () =>
        expect(kindsOf(messagesAbout(h.fakes, admins.json().name, 'CRITICAL'))).toEqual(
          [...CHANNEL_KINDS].sort(),
        ),
      WAIT,
    );
    const sms = messagesAbout(h.fakes, admins.json().name, 'CRITICAL').find((m) => m.kind === 'sms');
    expect(sms?.destination).toBe(leadEndpoints.sms.destination);
    const eventId = await firedEventId(admins.json().id);
    await vi.waitFor(async () => expect(await recipients(eventId)).toHaveLength(CHANNEL_KINDS.length), WAIT);
    expect((await recipients(eventId))[0]?.recipient).toMatchObject({ userId: lead.id, via: 'teamAdmins' });

    // Once every paging job has run, the fallback-less rule has paged nobody.
    await runPagingToEnd(h.t.core.orm);
    expect(messagesAbout(h.fakes, silent.json().name)).toEqual([]);
    expect(await recipients(await firedEventId(silent.json().id))).toEqual([]);
  });
});
