import { OnCallHistory } from '@oncall/schedules';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/test-app';

interface Stretch {
  userId: string;
  from: string;
  until: string | null;
  overrideId: string | null;
}

/**
 * The append-only on-call history over the real database: written from the resolver as the clock
 * moves, exact at hand-offs, untouched by later edits and past overrides, split between writers,
 * and summed into the on-call hours CSV.
 */
describe('on-call history', () => {
  let h: TestApp;
  let admin: string;
  let alice: { id: string; token: string };
  let bob: { id: string; token: string };
  let carol: { id: string; token: string };
  let outsider: { id: string; token: string };
  let history: OnCallHistory;
  let scheduleId: string;
  let createdAt: number;
  const HOUR = 3_600_000;

  beforeAll(async () => {
    h = await createTestApp({
      accessTokenTtlSeconds: 30 * 24 * 3600,
      refreshTokenTtlSeconds: 30 * 24 * 3600,
    });
    history = new OnCallHistory({ orm: h.t.core.orm, clock: h.t.clock });
    admin = await h.adminToken();
    alice = await h.userWithToken('hist-alice', 'member');
    bob = await h.userWithToken('hist-bob', 'member');
    carol = await h.userWithToken('hist-carol', 'member');
    outsider = await h.userWithToken('hist-outsider', 'member');
    const team = await h.call('POST', '/api/v1/team', {
      token: admin,
      body: { name: 'Historians', ownerId: alice.id, userIds: [alice.id, bob.id, carol.id] },
    });
    const teamId = team.json().id ?? team.json().data?.id;
    // Start the clock a little after an hour's turn, so the first stretch is a partial one.
    h.t.clock.advance(HOUR - (h.t.clock.now().getTime() % HOUR) + 10 * 60_000);
    const created = await h.call('POST', '/api/v1/schedule', {
      token: alice.token,
      body: {
        name: 'Hourly',
        teamId,
        timeZone: 'UTC',
        layers: [
          {
            priority: 0,
            rotations: [
              { unit: 'hour', every: 1, startsAt: '2026-01-01T00:00', members: [alice.id, bob.id] },
            ],
          },
        ],
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    scheduleId = created.json().id;
    createdAt = Date.parse(created.json().createdAt);
  });
  afterAll(() => h.dispose());

  const read = async (query = '') => {
    const answer = await h.call('GET', `/api/v1/schedule/${scheduleId}/history${query}`, {
      token: bob.token,
    });
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json().stretches as Stretch[];
  };
  const onCallAt = async (at: number) =>
    (await h.call('GET', `/api/v1/schedule/${scheduleId}/on-call?at=${at}`, { token: bob.token })).json()
      .onCall[0]?.userId as string;

  it('writes who is on call from the schedule’s creation, with exact hand-offs', async () => {
    h.t.clock.advance(60_000);
    expect(await history.recordDue()).toBeGreaterThanOrEqual(1);
    const first = await read();
    expect(first).toEqual([
      expect.objectContaining({
        userId: await onCallAt(createdAt),
        from: new Date(createdAt).toISOString(),
        until: null,
      }),
    ]);
    // Nothing is due until the clock moves.
    expect(await history.recordDue()).toBe(0);

    h.t.clock.advance(3 * HOUR);
    await history.recordDue();
    const stretches = await read();
    expect(stretches).toHaveLength(4);
    const turn = Math.ceil(createdAt / HOUR) * HOUR;
    expect(stretches.map((s) => [s.from, s.until])).toEqual([
      [new Date(createdAt).toISOString(), new Date(turn).toISOString()],
      [new Date(turn).toISOString(), new Date(turn + HOUR).toISOString()],
      [new Date(turn + HOUR).toISOString(), new Date(turn + 2 * HOUR).toISOString()],
      [new Date(turn + 2 * HOUR).toISOString(), null],
    ]);
    for (const stretch of stretches)
      expect(stretch.userId).toBe(await onCallAt(Date.parse(stretch.from) + 60_000));
  });

  it('keeps what was written when an override about the past is added later', async () => {
    const before = await read();
    const now = h.t.clock.now().getTime();
    const past = await h.call('POST', `/api/v1/schedule/${scheduleId}/override`, {
      token: alice.token,
      body: { kind: 'add', userId: carol.id, from: now - 2 * HOUR, until: now - HOUR },
    });
    expect(past.statusCode, past.body).toBe(200);
    await history.recordDue();
    expect((await read()).slice(0, before.length - 1)).toEqual(before.slice(0, -1));
    expect((await read()).some((s) => s.userId === carol.id)).toBe(false);
  });

  it('writes an override’s person with the override as the reason, and sums hours into a CSV', async () => {
    const now = h.t.clock.now().getTime();
    const next = Math.ceil(now / HOUR) * HOUR;
    const added = await h.call('POST', `/api/v1/schedule/${scheduleId}/override`, {
      token: alice.token,
      body: { kind: 'add', userId: carol.id, from: next, until: next + HOUR },
    });
    expect(added.statusCode, added.body).toBe(200);
    h.t.clock.advance(next + 2 * HOUR - now);
    await history.recordDue();
    const carols = (await read()).filter((s) => s.userId === carol.id);
    expect(carols).toEqual([
      expect.objectContaining({
        from: new Date(next).toISOString(),
        until: new Date(next + HOUR).toISOString(),
        overrideId: expect.any(String),
      }),
    ]);

    const csv = await h.call('GET', `/api/v1/schedule/${scheduleId}/on-call-hours.csv?from=${createdAt}`, {
      token: bob.token,
    });
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    const [header, ...lines] = csv.body.trim().split('\n');
    expect(header).toBe('user_id,name,hours,stretches');
    const hours = new Map(lines.map((line) => [line.split(',')[0], Number(line.split(',')[2])]));
    expect(hours.get(carol.id)).toBe(1);
    // Alice and Bob together cover every minute since creation: the rotation never has a gap.
    const elapsed = (h.t.clock.now().getTime() - createdAt) / HOUR;
    expect((hours.get(alice.id) ?? 0) + (hours.get(bob.id) ?? 0)).toBeCloseTo(elapsed, 2);
  });

  it('splits the work between writers racing on one database: nothing is written twice', async () => {
    h.t.clock.advance(5 * HOUR);
    const before = (await read()).length;
    await Promise.all([history.recordDue(), history.recordDue(), history.recordDue()]);
    const after = await read();
    expect(after.length).toBe(before + 5);
    const starts = after.map((s) => `${s.userId}@${s.from}`);
    expect(new Set(starts).size).toBe(starts.length);
  });

  it('answers only the team, and refuses an inverted or too long range', async () => {
    expect(
      (await h.call('GET', `/api/v1/schedule/${scheduleId}/history`, { token: outsider.token })).statusCode,
    ).toBe(404);
    const now = h.t.clock.now().getTime();
    const inverted = await h.call(
      'GET',
      `/api/v1/schedule/${scheduleId}/history?from=${now}&until=${now - HOUR}`,
      {
        token: bob.token,
      },
    );
    expect(inverted.statusCode).toBe(422);
    const long = await h.call('GET', `/api/v1/schedule/${scheduleId}/history?from=0&until=${now}`, {
      token: bob.token,
    });
    expect(long.statusCode).toBe(422);
    expect(long.json().errors).toHaveProperty('until');
  });
});
