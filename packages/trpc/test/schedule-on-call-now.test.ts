import { ADMIN, createTestCore, type TestCore } from '@oncall/testing';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerTrpc } from '../src/index';
import { trpcHttp } from './trpc-http';

interface OnCallNow {
  at: string;
  schedules: {
    id: string;
    name: string;
    teamId: string;
    timeZone: string;
    onCall: { userId: string; name: string }[];
    until: string | null;
  }[];
}

/** `schedules.onCallNow`: the Now page's "on call now", every visible schedule through the resolver. */
describe('tRPC schedules.onCallNow', () => {
  let t: TestCore;
  let app: FastifyInstance;
  let rpc: ReturnType<typeof trpcHttp>;
  let admin: string;
  const people: Record<string, { id: string; token: string }> = {};

  const login = async (username: string, password: string) =>
    ((await rpc.mutation('auth.login', { username, password })).data as { accessToken: string }).accessToken;
  const person = async (username: string) => {
    const id = await t.createUser(username, 'member', `${username}-pass-1`);
    people[username] = { id, token: await login(username, `${username}-pass-1`) };
    return people[username];
  };
  const team = async (name: string, ownerId: string, userIds: string[]) => {
    const created = await rpc.mutation('teams.create', { name, ownerId, userIds }, admin);
    expect(created.status).toBe(200);
    return (created.data as { id: string }).id;
  };
  const onCallNow = async (token: string) => {
    const answer = await rpc.query('schedules.onCallNow', undefined, token);
    expect(answer.status).toBe(200);
    return answer.data as OnCallNow;
  };

  beforeAll(async () => {
    t = await createTestCore();
    app = Fastify();
    await registerTrpc(app, { core: t.core, prefix: '/trpc' });
    await app.ready();
    rpc = trpcHttp(app);
    admin = await login(ADMIN.username, ADMIN.password);
  });
  afterAll(async () => {
    await app.close();
    await t.dispose();
  });

  it('answers who is on call in each visible schedule and until the next hand-off, as onCall does', async () => {
    const alice = await person('now-alice');
    const bob = await person('now-bob');
    const outsider = await person('now-outsider');
    const day = await team('Now day team', alice.id, [alice.id, bob.id]);
    const other = await team('Now other team', outsider.id, [outsider.id]);
    const now = new Date(t.clock.now().getTime());
    // Daily hand-offs at 09:00 UTC between alice and bob, starting two days ago.
    const start = new Date(now.getTime() - 2 * 86_400_000).toISOString().slice(0, 10);
    const created = await rpc.mutation(
      'schedules.create',
      {
        name: 'Now primary',
        teamId: day,
        timeZone: 'UTC',
        layers: [
          {
            priority: 0,
            rotations: [{ unit: 'day', every: 1, startsAt: `${start}T09:00`, members: [alice.id, bob.id] }],
          },
        ],
      },
      alice.token,
    );
    expect(created.status).toBe(200);
    const primary = (created.data as { id: string }).id;
    const empty = await rpc.mutation(
      'schedules.create',
      { name: 'Now empty', teamId: day, timeZone: 'Europe/London', layers: [] },
      alice.token,
    );
    expect(empty.status).toBe(200);
    const hidden = await rpc.mutation(
      'schedules.create',
      { name: 'Now hidden', teamId: other, timeZone: 'UTC', layers: [] },
      outsider.token,
    );
    expect(hidden.status).toBe(200);

    const mine = await onCallNow(alice.token);
    expect(mine.at).toBe(now.toISOString());
    expect(mine.schedules.map((schedule) => schedule.name)).toEqual(['Now empty', 'Now primary']);
    const [none, shown] = mine.schedules;
    expect(none).toMatchObject({ onCall: [], until: null, timeZone: 'Europe/London' });

    const single = await rpc.query('schedules.onCall', { id: primary }, alice.token);
    const expected = single.data as {
      onCall: { userId: string; name: string }[];
      nextHandOffs: { at: string }[];
    };
    expect(shown?.onCall).toEqual(expected.onCall);
    expect(shown?.onCall.map((entry) => entry.name)).toEqual([
      expected.onCall[0]?.userId === alice.id ? 'now-alice' : 'now-bob',
    ]);
    expect(shown?.until).toBe(expected.nextHandOffs[0]?.at);
    expect(shown?.until?.slice(11, 16)).toBe('09:00');

    // Past the hand-off, the other person is on call.
    const before = shown?.onCall[0]?.userId;
    t.clock.advance(Date.parse(shown?.until ?? '') + 60_000 - now.getTime());
    // The access token may have expired meanwhile: a fresh one.
    const later = await onCallNow(await login('now-alice', 'now-alice-pass-1'));
    expect(later.schedules[1]?.onCall.map((entry) => entry.userId)).toEqual([
      before === alice.id ? bob.id : alice.id,
    ]);

    // Another team's schedule shows only to its team and to admins.
    expect(
      (await onCallNow(await login('now-outsider', 'now-outsider-pass-1'))).schedules.map(
        (schedule) => schedule.name,
      ),
    ).toEqual(['Now hidden']);
    expect(
      (await onCallNow(await login(ADMIN.username, ADMIN.password))).schedules.map(
        (schedule) => schedule.name,
      ),
    ).toEqual(expect.arrayContaining(['Now empty', 'Now hidden', 'Now primary']));
  });

  it('answers an empty list to someone in no team, and refuses a caller without a token', async () => {
    const loner = await person('now-loner');
    expect((await onCallNow(loner.token)).schedules).toEqual([]);
    expect((await rpc.query('schedules.onCallNow', undefined)).status).toBe(401);
  });
});
