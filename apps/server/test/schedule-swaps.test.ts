import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/test-app';

interface Segment {
  from: string;
  until: string;
  onCall: { userId: string }[];
}

/**
 * Swap requests over the real server and database: offered by the person on call, taken by a
 * teammate (a `replace` override the resolver answers with), withdrawn, expired, and raced.
 */
describe('schedule swap requests', () => {
  let h: TestApp;
  let admin: string;
  let alice: { id: string; token: string };
  let bob: { id: string; token: string };
  let carol: { id: string; token: string };
  let outsider: { id: string; token: string };
  let scheduleId: string;
  let segments: Segment[];
  const HOUR = 3_600_000;
  const DAY = 24 * HOUR;

  const byToken = (id: string) => [alice, bob, carol].find((person) => person.id === id)?.token ?? '';

  beforeAll(async () => {
    h = await createTestApp({
      accessTokenTtlSeconds: 30 * 24 * 3600,
      refreshTokenTtlSeconds: 30 * 24 * 3600,
    });
    admin = await h.adminToken();
    alice = await h.userWithToken('swap-alice', 'member');
    bob = await h.userWithToken('swap-bob', 'member');
    carol = await h.userWithToken('swap-carol', 'member');
    outsider = await h.userWithToken('swap-outsider', 'member');
    const team = await h.call('POST', '/api/v1/team', {
      token: admin,
      body: { name: 'Swappers', ownerId: alice.id, userIds: [alice.id, bob.id, carol.id] },
    });
    expect(team.statusCode, team.body).toBeLessThan(300);
    const teamId = team.json().id ?? team.json().data?.id;
    const created = await h.call('POST', '/api/v1/schedule', {
      token: alice.token,
      body: {
        name: 'Swap daily',
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
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    scheduleId = created.json().id;
    const now = h.t.clock.now().getTime();
    const calendar = await h.call(
      'GET',
      `/api/v1/schedule/${scheduleId}/calendar?from=${now + DAY}&until=${now + 20 * DAY}`,
      { token: alice.token },
    );
    // Whole daily shifts, all in the future.
    segments = (calendar.json().segments as Segment[]).slice(1, -1);
    expect(segments.length).toBeGreaterThan(10);
  });
  afterAll(() => h.dispose());

  const onCallAt = async (at: number) =>
    (await h.call('GET', `/api/v1/schedule/${scheduleId}/on-call?at=${at}`, { token: alice.token }))
      .json()
      .onCall.map((person: { userId: string }) => person.userId);

  const offer = (token: string, segment: Segment, note?: string) =>
    h.call('POST', `/api/v1/schedule/${scheduleId}/swap`, {
      token,
      body: { from: segment.from, until: segment.until, ...(note ? { note } : {}) },
    });
  const act = (token: string, swapId: string, action: 'take' | 'withdraw') =>
    h.call('POST', `/api/v1/schedule/${scheduleId}/swap/${swapId}/${action}`, { token });
  const ownerOf = (segment: Segment) => segment.onCall[0]?.userId ?? '';
  const someoneElse = (...ids: string[]) => [alice, bob, carol].find((person) => !ids.includes(person.id));

  it('offers a shift, lets a teammate take it, and the resolver answers with the taker', async () => {
    const shift = segments[0] as Segment;
    const offerer = ownerOf(shift);
    const taker = someoneElse(offerer);
    if (!taker) throw new Error('no teammate');
    const offered = await offer(byToken(offerer), shift, 'Dentist');
    expect(offered.statusCode, offered.body).toBe(201);
    expect(offered.json()).toMatchObject({
      state: 'offered',
      offeredBy: { id: offerer },
      note: 'Dentist',
      takenBy: null,
      from: shift.from,
      until: shift.until,
    });
    const swapId = offered.json().id;

    const own = await act(byToken(offerer), swapId, 'take');
    expect(own.statusCode).toBe(422);
    expect(own.json().errors).toHaveProperty('swapId');

    const taken = await act(taker.token, swapId, 'take');
    expect(taken.statusCode, taken.body).toBe(200);
    expect(taken.json()).toMatchObject({ state: 'taken', takenBy: { id: taker.id } });
    const middle = Date.parse(shift.from) + HOUR;
    expect(await onCallAt(middle)).toEqual([taker.id]);
    const schedule = (await h.call('GET', `/api/v1/schedule/${scheduleId}`, { token: alice.token })).json();
    expect(schedule.overrides).toContainEqual(
      expect.objectContaining({
        id: taken.json().overrideId,
        kind: 'replace',
        userId: taker.id,
        replacedUserId: offerer,
      }),
    );

    const third = someoneElse(offerer, taker.id);
    const again = await act(third?.token ?? '', swapId, 'take');
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toMatch(/already taken/);
    expect((await act(byToken(offerer), swapId, 'withdraw')).statusCode).toBe(409);
  });

  it('refuses an offer of a range the caller is not on call in, or one that has ended', async () => {
    const shift = segments[3] as Segment;
    const notOnCall = someoneElse(ownerOf(shift));
    const refused = await offer(notOnCall?.token ?? '', shift);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors.from[0]).toMatch(/not on call/);
    const now = h.t.clock.now().getTime();
    const past = await h.call('POST', `/api/v1/schedule/${scheduleId}/swap`, {
      token: alice.token,
      body: { from: now - 2 * DAY, until: now - DAY },
    });
    expect(past.statusCode).toBe(422);
    expect(past.json().errors).toHaveProperty('until');
    const inverted = await h.call('POST', `/api/v1/schedule/${scheduleId}/swap`, {
      token: alice.token,
      body: { from: shift.until, until: shift.from },
    });
    expect(inverted.statusCode).toBe(422);
  });

  it('lets only the offerer (or an owner or manager) withdraw, and a withdrawn offer cannot be taken', async () => {
    const shift = segments[4] as Segment;
    const offerer = ownerOf(shift);
    const teammate = someoneElse(offerer);
    const offered = await offer(byToken(offerer), shift);
    const swapId = offered.json().id;
    expect((await act(teammate?.token ?? '', swapId, 'withdraw')).statusCode).toBe(403);
    const withdrawn = await act(byToken(offerer), swapId, 'withdraw');
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    expect(withdrawn.json().state).toBe('withdrawn');
    expect((await act(teammate?.token ?? '', swapId, 'take')).statusCode).toBe(409);
    expect(await onCallAt(Date.parse(shift.from) + HOUR)).toEqual([offerer]);

    const byAdmin = await offer(byToken(offerer), segments[7] as Segment);
    expect((await act(admin, byAdmin.json().id, 'withdraw')).json().state).toBe('withdrawn');
  });

  it('hides a schedule’s swaps from people outside its team', async () => {
    const list = await h.call('GET', `/api/v1/schedule/${scheduleId}/swap`, { token: outsider.token });
    expect(list.statusCode).toBe(404);
    const shift = segments[5] as Segment;
    expect((await offer(outsider.token, shift)).statusCode).toBe(404);
    const listed = await h.call('GET', `/api/v1/schedule/${scheduleId}/swap`, { token: alice.token });
    expect(listed.statusCode).toBe(200);
    // Open offers come first.
    const states = (listed.json() as { state: string }[]).map((swap) => swap.state);
    expect(states.indexOf('offered')).toBeLessThanOrEqual(0);
  });

  it('gives a raced offer to exactly one taker', async () => {
    const shift = segments[6] as Segment;
    const offerer = ownerOf(shift);
    const swapId = (await offer(byToken(offerer), shift)).json().id;
    const [first, second] = [alice, bob, carol].filter((person) => person.id !== offerer);
    const answers = await Promise.all([
      act(first?.token ?? '', swapId, 'take'),
      act(second?.token ?? '', swapId, 'take'),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
  });

  it('shows an offer nobody took as expired once its range has ended, and refuses taking it', async () => {
    const shift = segments[8] as Segment;
    const offerer = ownerOf(shift);
    const swapId = (await offer(byToken(offerer), shift)).json().id;
    h.t.clock.advance(Date.parse(shift.until) - h.t.clock.now().getTime() + HOUR);
    const listed = await h.call('GET', `/api/v1/schedule/${scheduleId}/swap`, { token: alice.token });
    expect((listed.json() as { id: string; state: string }[]).find((swap) => swap.id === swapId)?.state).toBe(
      'expired',
    );
    const late = await act(someoneElse(offerer)?.token ?? '', swapId, 'take');
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toMatch(/expired/);
  });
});
