import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/test-app';

/**
 * On-call schedules over the real server and database (PGlite or PostgreSQL): storage, who is on
 * call, overrides and their conflicts, edits that keep the past, access by team, the calendar and
 * the iCal feed. The resolver's own DST corpus and properties are in packages/schedules.
 */
describe('on-call schedules', () => {
  let h: TestApp;
  let admin: string;
  let alice: { id: string; token: string };
  let bob: { id: string; token: string };
  let carol: { id: string; token: string };
  let outsider: { id: string; token: string };
  let teamId: string;
  const HOUR = 3_600_000;
  const DAY = 24 * HOUR;

  beforeAll(async () => {
    h = await createTestApp({
      accessTokenTtlSeconds: 30 * 24 * 3600,
      refreshTokenTtlSeconds: 30 * 24 * 3600,
    });
    admin = await h.adminToken();
    alice = await h.userWithToken('sched-alice', 'member');
    bob = await h.userWithToken('sched-bob', 'member');
    carol = await h.userWithToken('sched-carol', 'member');
    outsider = await h.userWithToken('sched-outsider', 'member');
    const team = await h.call('POST', '/api/v1/team', {
      token: admin,
      body: { name: 'Schedulers', ownerId: alice.id, userIds: [alice.id, bob.id, carol.id] },
    });
    expect(team.statusCode, team.body).toBeLessThan(300);
    teamId = team.json().id ?? team.json().data?.id;
  });
  afterAll(() => h.dispose());

  /** A daily rotation alice → bob → carol handing off at 09:00 Europe/London from 2026-01-05. */
  const dailyBody = (name: string) => ({
    name,
    teamId,
    timeZone: 'Europe/London',
    layers: [
      {
        priority: 0,
        rotations: [
          { unit: 'day', every: 1, startsAt: '2026-01-05T09:00', members: [alice.id, bob.id, carol.id] },
        ],
      },
    ],
  });

  async function create(name: string, token = alice.token) {
    const created = await h.call('POST', '/api/v1/schedule', { token, body: dailyBody(name) });
    expect(created.statusCode, created.body).toBe(201);
    return created.json();
  }

  const onCallAt = async (id: string, at: number, token = alice.token) => {
    const answer = await h.call('GET', `/api/v1/schedule/${id}/on-call?at=${at}`, { token });
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json().onCall.map((person: { userId: string }) => person.userId);
  };

  it('stores a schedule and answers who is on call, by the wall clock across DST', async () => {
    const schedule = await create('Daily London');
    expect(schedule).toMatchObject({ teamId, timeZone: 'Europe/London', hasIcalFeed: false });
    expect(schedule.layers[0].rotations[0].members).toEqual([alice.id, bob.id, carol.id]);
    // 2026-01-05 09:00 London is 09:00 UTC: alice; the next day bob.
    expect(await onCallAt(schedule.id, Date.UTC(2026, 0, 5, 9, 30))).toEqual([alice.id]);
    expect(await onCallAt(schedule.id, Date.UTC(2026, 0, 6, 9, 30))).toEqual([bob.id]);
    // After the clocks go forward (29 March) the hand-off is still 09:00 London = 08:00 UTC.
    const days = Math.round((Date.UTC(2026, 2, 30) - Date.UTC(2026, 0, 5)) / DAY);
    const expected = [alice.id, bob.id, carol.id][days % 3];
    expect(await onCallAt(schedule.id, Date.UTC(2026, 2, 30, 8, 30))).toEqual([expected]);
  });

  it('applies overrides and refuses an overlap about the same person, naming it', async () => {
    const schedule = await create('Overridden');
    // 10:00 UTC ten days on: the next 09:00 London hand-off is a day away in every season, so the
    // override's hours and the hour after it belong to one shift whatever the time of the run.
    const from = Math.floor(h.t.clock.now().getTime() / DAY) * DAY + 10 * DAY + 10 * HOUR;
    const [base] = await onCallAt(schedule.id, from + HOUR);
    const stand = [alice.id, bob.id, carol.id].find((id) => id !== base) as string;
    const added = await h.call('POST', `/api/v1/schedule/${schedule.id}/override`, {
      token: bob.token,
      body: { kind: 'replace', userId: stand, replacedUserId: base, from, until: from + 2 * HOUR },
    });
    expect(added.statusCode, added.body).toBe(200);
    const [override] = added.json().overrides;
    expect(override).toMatchObject({ kind: 'replace', userId: stand, replacedUserId: base });
    expect(await onCallAt(schedule.id, from + HOUR)).toEqual([stand]);
    expect(await onCallAt(schedule.id, from + 3 * HOUR)).toEqual([base]);
    const conflicting = await h.call('POST', `/api/v1/schedule/${schedule.id}/override`, {
      token: bob.token,
      body: {
        kind: 'add',
        userId: stand,
        from: new Date(from + HOUR).toISOString(),
        until: new Date(from + 5 * HOUR).toISOString(),
      },
    });
    expect(conflicting.statusCode).toBe(422);
    expect(conflicting.json().errors.from[0]).toContain(override.id);
    const removed = await h.call('DELETE', `/api/v1/schedule/${schedule.id}/override/${override.id}`, {
      token: bob.token,
    });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json().overrides).toEqual([]);
    expect(await onCallAt(schedule.id, from + HOUR)).toEqual([base]);
  });

  it('keeps the past when a rotation changes: a new version starts at the edit', async () => {
    const schedule = await create('Edited');
    const now = h.t.clock.now().getTime();
    const before = await onCallAt(schedule.id, now - 2 * DAY);
    const rotation = schedule.layers[0].rotations[0];
    const updated = await h.call('PUT', `/api/v1/schedule/${schedule.id}`, {
      token: alice.token,
      body: {
        ...dailyBody('Edited'),
        layers: [
          {
            id: schedule.layers[0].id,
            priority: 0,
            rotations: [{ ...rotation, members: [carol.id] }],
          },
        ],
      },
    });
    expect(updated.statusCode, updated.body).toBe(200);
    const [current] = updated.json().layers[0].rotations;
    expect(current.id).not.toBe(rotation.id);
    expect(current.members).toEqual([carol.id]);
    expect(await onCallAt(schedule.id, now - 2 * DAY)).toEqual(before);
    expect(await onCallAt(schedule.id, now + DAY)).toEqual([carol.id]);
  });

  it("takes a rotation's effective until and gives it back; an end before the start is a 422 at its field", async () => {
    const schedule = await create('Bounded');
    const now = h.t.clock.now().getTime();
    const rotation = schedule.layers[0].rotations[0];
    const put = (rotations: unknown[]) =>
      h.call('PUT', `/api/v1/schedule/${schedule.id}`, {
        token: alice.token,
        body: { ...dailyBody('Bounded'), layers: [{ id: schedule.layers[0].id, priority: 0, rotations }] },
      });
    const until = new Date(now + 3 * DAY).toISOString();
    const ended = await put([{ ...rotation, effectiveUntil: until }]);
    expect(ended.statusCode, ended.body).toBe(200);
    const [kept] = ended.json().layers[0].rotations;
    // A new end alone keeps the version: it changes no answer about the past.
    expect(kept.id).toBe(rotation.id);
    expect(kept.effectiveUntil).toBe(until);
    expect(await onCallAt(schedule.id, now + 4 * DAY)).toEqual([]);
    // Sent back as read, nothing changes.
    expect((await put([kept])).json().layers[0].rotations).toEqual([kept]);

    const refused = await put([
      { ...kept, effectiveFrom: new Date(now + 5 * DAY).toISOString(), effectiveUntil: until },
    ]);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toEqual({
      'layers.0.rotations.0.effectiveUntil': ['The effective until must be after the effective from.'],
    });
  });

  it('is seen and edited only by its team and the admin roles', async () => {
    const schedule = await create('Private');
    const read = await h.call('GET', `/api/v1/schedule/${schedule.id}`, { token: outsider.token });
    expect(read.statusCode).toBe(404);
    const list = await h.call('GET', '/api/v1/schedule', { token: outsider.token });
    expect(list.json()).toEqual([]);
    const foreign = await h.call('POST', '/api/v1/schedule', {
      token: outsider.token,
      body: dailyBody('Theirs'),
    });
    expect(foreign.statusCode).toBe(403);
    const asAdmin = await h.call('GET', `/api/v1/schedule/${schedule.id}`, { token: admin });
    expect(asAdmin.statusCode).toBe(200);
  });

  it('refuses bad input at its field', async () => {
    const zone = await h.call('POST', '/api/v1/schedule', {
      token: alice.token,
      body: { ...dailyBody('Bad zone'), timeZone: 'Mars/Olympus' },
    });
    expect(zone.statusCode).toBe(422);
    expect(zone.json().errors).toHaveProperty('timeZone');
    const member = await h.call('POST', '/api/v1/schedule', {
      token: alice.token,
      body: {
        ...dailyBody('Bad member'),
        layers: [
          { priority: 0, rotations: [{ unit: 'day', startsAt: '2026-01-05T09:00', members: ['nobody'] }] },
        ],
      },
    });
    expect(member.statusCode).toBe(422);
    expect(member.json().errors).toHaveProperty(['layers.0.rotations.0.members.0']);
    const scheduleId = (await create('Far future')).id;
    for (const [path, field] of [
      [`on-call?at=${9e15}`, 'at'],
      [`calendar?from=${9e15}`, 'from'],
      ['on-call?at=%2B275760-09-13T00:00:01Z', 'at'],
    ] as const) {
      const far = await h.call('GET', `/api/v1/schedule/${scheduleId}/${path}`, { token: alice.token });
      expect(far.statusCode, `${path} ${far.body}`).toBe(422);
      expect(far.json().errors).toHaveProperty(field);
    }
    const farOverride = await h.call('POST', `/api/v1/schedule/${scheduleId}/override`, {
      token: alice.token,
      body: { kind: 'add', userId: bob.id, from: 0, until: 9e15 },
    });
    expect(farOverride.statusCode).toBe(422);
    expect(farOverride.json().errors).toHaveProperty('until');
    const raced = await Promise.all(
      [1, 2, 3].map(() =>
        h.call('POST', '/api/v1/schedule', { token: alice.token, body: dailyBody('Raced') }),
      ),
    );
    expect(raced.map((answer) => answer.statusCode).sort()).toEqual([201, 422, 422]);
    await create('Taken');
    const taken = await h.call('POST', '/api/v1/schedule', { token: alice.token, body: dailyBody('taken') });
    expect(taken.statusCode).toBe(422);
    expect(taken.json().errors).toHaveProperty('name');
    const tooLong = await h.call(
      'GET',
      `/api/v1/schedule/${(await create('Range')).id}/calendar?from=0&until=${100 * DAY}`,
      { token: alice.token },
    );
    expect(tooLong.statusCode).toBe(422);
    expect(tooLong.json().errors).toHaveProperty('until');
  });

  it('draws a calendar from the resolver and serves an iCal feed on a secret address', async () => {
    const schedule = await create('Feed');
    const from = Date.UTC(2026, 0, 5, 9);
    const calendar = await h.call(
      'GET',
      `/api/v1/schedule/${schedule.id}/calendar?from=${from}&until=${from + 3 * DAY}`,
      {
        token: alice.token,
      },
    );
    expect(calendar.statusCode, calendar.body).toBe(200);
    expect(
      calendar.json().segments.map((segment: { onCall: { name: string }[] }) => segment.onCall[0]?.name),
    ).toEqual(['sched-alice', 'sched-bob', 'sched-carol']);

    const issued = await h.call('POST', `/api/v1/schedule/${schedule.id}/ical-url`, { token: alice.token });
    expect(issued.statusCode, issued.body).toBe(200);
    const path = new URL(issued.json().url, 'http://x').pathname;
    const feed = await h.call('GET', path);
    expect(feed.statusCode, feed.body).toBe(200);
    expect(feed.headers['content-type']).toContain('text/calendar');
    expect(feed.body).toContain('BEGIN:VCALENDAR');
    expect(feed.body).toContain('BEGIN:VALARM');
    const uids = (body: string) => body.match(/^UID:.*$/gm) ?? [];
    expect(uids(feed.body).length).toBeGreaterThan(300);
    expect(uids((await h.call('GET', path)).body)).toEqual(uids(feed.body));

    const reissued = await h.call('POST', `/api/v1/schedule/${schedule.id}/ical-url`, { token: alice.token });
    expect((await h.call('GET', path)).statusCode).toBe(404);
    expect((await h.call('GET', new URL(reissued.json().url, 'http://x').pathname)).statusCode).toBe(200);
  });

  it('answers the same on tRPC, where a 422 keeps its field path', async () => {
    const created = await h.call('POST', '/trpc/schedules.create', {
      token: alice.token,
      body: dailyBody('Over tRPC'),
    });
    expect(created.statusCode, created.body).toBe(200);
    const { id } = created.json().result.data;
    const at = Date.UTC(2026, 0, 6, 10);
    const onCall = await h.call(
      'GET',
      `/trpc/schedules.onCall?input=${encodeURIComponent(JSON.stringify({ id, at }))}`,
      { token: alice.token },
    );
    expect(onCall.statusCode, onCall.body).toBe(200);
    expect(onCall.json().result.data.onCall.map((person: { userId: string }) => person.userId)).toEqual(
      await onCallAt(id, at),
    );
    const bad = await h.call('POST', '/trpc/schedules.create', {
      token: alice.token,
      body: { ...dailyBody('Bad over tRPC'), timeZone: 'Nowhere' },
    });
    expect(bad.statusCode).toBe(422);
    expect(JSON.stringify(bad.json())).toContain('timeZone');
  });
});
