import { queryRows } from '@oncall/core/persistence';
import { runPagingToEnd } from '@oncall/engine/testing';
import { OnCallHistory } from '@oncall/schedules';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createDeliveringTestApp, type DeliveringTestApp } from './support/delivering-test-app';
import { seedChannelEndpoints } from './support/seed-delivery';

const WAIT = { timeout: 30_000, interval: 50 };
const HOUR = 3_600_000;
/** Monday 7 December 2026, 08:30 in Berlin: Ben's shift (from Sunday 09:00) ends at 09:00. */
const START = Date.UTC(2026, 11, 7, 7, 30);

/**
 * Shift-change notices over the real database and embedded engine: the history writer announces
 * each change of who is on call once, to the schedule's chat endpoint, through the delivery path
 * (queue, chain, delivery log), whichever pass, process or restart writes it.
 */
describe('shift-change notices', () => {
  let h: DeliveringTestApp;
  let ana: { id: string; token: string };
  let ben: { id: string; token: string };
  let outsider: { id: string; token: string };
  let teamId: string;
  let chat: { id: string; destination: string };
  let scheduleId: string;

  const writer = () =>
    new OnCallHistory({ orm: h.core.orm, clock: h.t.clock, orchestrator: h.core.orchestrator });
  // Mattermost's markdown escapes the parentheses; the words are what the team reads.
  const notices = () =>
    h.fakes
      .delivered()
      .filter((message) => message.destination === chat.destination)
      .map((message) => ({ ...message, text: message.text.replaceAll('\\', '') }));
  const scheduleBody = (extra: Record<string, unknown>) => ({
    teamId,
    timeZone: 'Europe/Berlin',
    layers: [
      {
        priority: 0,
        rotations: [{ unit: 'day', every: 1, startsAt: '2026-12-01T09:00', members: [ana.id, ben.id] }],
      },
    ],
    ...extra,
  });

  beforeAll(async () => {
    h = await createDeliveringTestApp({
      accessTokenTtlSeconds: 30 * 24 * 3600,
      refreshTokenTtlSeconds: 30 * 24 * 3600,
    });
    h.t.clock.advance(START - h.t.clock.now().getTime());
    const admin = await h.adminToken();
    ana = await h.userWithToken('ntc-ana', 'member');
    ben = await h.userWithToken('ntc-ben', 'member');
    outsider = await h.userWithToken('ntc-outsider', 'member');
    const team = await h.call('POST', '/api/v1/team', {
      token: admin,
      body: { name: 'Notice team', ownerId: ana.id, userIds: [ana.id, ben.id] },
    });
    teamId = team.json().id ?? team.json().data?.id;
    chat = (await seedChannelEndpoints(h.t, ben.id, h.fakes)).mattermost;
    const created = await h.call('POST', '/api/v1/schedule', {
      token: ana.token,
      body: scheduleBody({ name: 'Notices daily', noticeEndpointId: chat.id }),
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().noticeEndpointId).toBe(chat.id);
    scheduleId = created.json().id;
  });
  afterAll(() => h.dispose());

  it('refuses a notice endpoint that is not a chat of the team with a 422 at the field', async () => {
    const outsiders = await seedChannelEndpoints(h.t, outsider.id, h.fakes);
    const email = (await seedChannelEndpoints(h.t, ana.id, h.fakes)).email;
    for (const noticeEndpointId of [
      outsiders.mattermost.id,
      email.id,
      '00000000-0000-4000-8000-000000000000',
    ]) {
      const answer = await h.call('POST', '/api/v1/schedule', {
        token: ana.token,
        body: scheduleBody({ name: `Refused ${noticeEndpointId}`, noticeEndpointId }),
      });
      expect(answer.statusCode, answer.body).toBe(422);
      expect(answer.json().errors).toHaveProperty('noticeEndpointId');
    }
    const put = await h.call('PUT', `/api/v1/schedule/${scheduleId}`, {
      token: ana.token,
      body: scheduleBody({ name: 'Notices daily', noticeEndpointId: email.id }),
    });
    expect(put.statusCode, put.body).toBe(422);
    expect(put.json().errors).toHaveProperty('noticeEndpointId');
    // Left out of an update, the endpoint is kept.
    const kept = await h.call('PUT', `/api/v1/schedule/${scheduleId}`, {
      token: ana.token,
      body: scheduleBody({ name: 'Notices daily' }),
    });
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json().noticeEndpointId).toBe(chat.id);
  });

  it('documents the field in the OpenAPI document', async () => {
    const document = (await h.call('GET', '/api/v1/openapi.json')).json();
    const post = document.paths['/api/v1/schedule'].post.requestBody.content['application/json'].schema;
    const name = String(post.$ref).split('/').pop() ?? '';
    expect(document.components.schemas[name].properties).toHaveProperty('noticeEndpointId');
  });

  it('posts who is on call until the next hand-off, once per change, in the schedule’s zone', async () => {
    h.t.clock.advance(60_000);
    await writer().recordDue();
    await vi.waitFor(() => expect(notices()).toHaveLength(1), WAIT);
    expect(notices()[0]?.text).toContain(
      'ntc-ben now on call for Notices daily until Mon 7 Dec 2026 09:00 (Europe/Berlin)',
    );

    // The hand-off at 09:00 Berlin: Ana takes over until Tuesday 09:00.
    h.t.clock.advance(HOUR);
    await writer().recordDue();
    await vi.waitFor(() => expect(notices()).toHaveLength(2), WAIT);
    expect(notices()[1]?.text).toContain(
      'ntc-ana now on call for Notices daily until Tue 8 Dec 2026 09:00 (Europe/Berlin)',
    );

    // Later passes within the shift, and a restarted server, announce nothing more.
    h.t.clock.advance(60_000);
    await writer().recordDue();
    await h.restart();
    h.t.clock.advance(60_000);
    await writer().recordDue();
    await runPagingToEnd(h.core.orm);
    expect(notices()).toHaveLength(2);

    const attempts = await queryRows<{
      notification_kind: string;
      outcome: string;
      notice_id: string | null;
    }>(
      h.core.orm.em.fork(),
      `select notification_kind, outcome, notice_id from delivery_attempts where endpoint_id = ?`,
      [chat.id],
    );
    expect(attempts).toHaveLength(2);
    for (const attempt of attempts) {
      expect(attempt).toMatchObject({ notification_kind: 'notice', outcome: 'delivered' });
      expect(attempt.notice_id).not.toBeNull();
    }
  });

  it('announces a change once when two processes write the history at once', async () => {
    h.t.clock.advance(24 * HOUR);
    await Promise.all([writer().recordDue(), writer().recordDue()]);
    await vi.waitFor(() => expect(notices()).toHaveLength(3), WAIT);
    await runPagingToEnd(h.core.orm);
    expect(notices()).toHaveLength(3);
    expect(notices()[2]?.text).toContain(
      'ntc-ben now on call for Notices daily until Wed 9 Dec 2026 09:00 (Europe/Berlin)',
    );
  });

  it('posts nothing for a schedule without a notice endpoint', async () => {
    const quiet = await h.call('POST', '/api/v1/schedule', {
      token: ana.token,
      body: scheduleBody({ name: 'Notices quiet' }),
    });
    expect(quiet.statusCode, quiet.body).toBe(201);
    expect(quiet.json().noticeEndpointId).toBeNull();
    h.t.clock.advance(60_000);
    await writer().recordDue();
    h.t.clock.advance(24 * HOUR);
    await writer().recordDue();
    await runPagingToEnd(h.core.orm);
    const rows = await queryRows<{ n: number }>(
      h.core.orm.em.fork(),
      `select count(*)::int as n from notices where key like ?`,
      [`shift:${quiet.json().id}:%`],
    );
    expect(rows[0]?.n).toBe(0);
    // The first schedule announced its own hand-off of that day, and nothing else was posted there.
    expect(notices()).toHaveLength(4);
  });
});
