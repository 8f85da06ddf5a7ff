import { ADMIN, createTestCore, type TestCore } from '@oncall/testing';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { registerTrpc } from '../src/index';
import { trpcHttp } from './trpc-http';

interface Tokens {
  accessToken: string;
  refreshToken: string;
}
interface Named {
  id: string;
  username: string;
}

describe('tRPC face', () => {
  let t: TestCore;
  let app: FastifyInstance;
  let rpc: ReturnType<typeof trpcHttp>;
  let admin: string;

  const login = async (username: string, password: string) => {
    const answer = await rpc.mutation('auth.login', { username, password });
    expect(answer.status).toBe(200);
    return answer.data as Tokens;
  };

  beforeAll(async () => {
    t = await createTestCore();
    app = Fastify();
    await registerTrpc(app, { core: t.core, prefix: '/trpc' });
    await app.ready();
    rpc = trpcHttp(app);
    admin = (await login(ADMIN.username, ADMIN.password)).accessToken;
  });
  afterAll(async () => {
    await app.close();
    await t.dispose();
  });

  it('logs in and answers me with the caller', async () => {
    const pair = await rpc.mutation('auth.login', ADMIN);
    expect(pair.data).toMatchObject({ tokenType: 'bearer', roles: ['owner'], user: { username: 'admin' } });
    // The clean face carries no legacy snake_case duplicates.
    expect(pair.data).not.toHaveProperty('access_token');

    const me = await rpc.query('auth.me', undefined, admin);
    expect(me.data).toMatchObject({ username: 'admin', role: 'owner', isSystemAdmin: true });
  });

  it('lists users in the clean Page shape, with defaults when the input is left out', async () => {
    const all = await rpc.query('users.list', undefined, admin);
    expect(all.data).toEqual({
      items: [expect.objectContaining({ username: 'admin' })],
      total: 1,
      page: 1,
      perPage: 25,
    });
    const clamped = await rpc.query('users.list', { page: 1, perPage: 500, username: 'adm' }, admin);
    expect(clamped.data).toMatchObject({ total: 1, perPage: 100 });
  });

  it('creates a member and a team, and reads, updates and lists them', async () => {
    const created = await rpc.mutation(
      'users.create',
      {
        username: 'trpc-alice',
        name: 'Alice',
        password: 'alice-pass-1',
        confirmPassword: 'alice-pass-1',
        role: 'member',
      },
      admin,
    );
    expect(created.status).toBe(200);
    const alice = created.data as Named;
    expect(alice).toMatchObject({ username: 'trpc-alice', role: 'member' });

    const updated = await rpc.mutation(
      'users.update',
      { id: alice.id, username: 'trpc-alice', name: 'Alice A.', role: 'member' },
      admin,
    );
    expect(updated.data).toMatchObject({ id: alice.id, name: 'Alice A.' });
    expect((await rpc.query('users.get', { id: alice.id }, admin)).data).toMatchObject({ name: 'Alice A.' });
    expect(await rpc.query('users.all', undefined, admin)).toMatchObject({
      data: expect.arrayContaining([expect.objectContaining({ id: alice.id, username: 'trpc-alice' })]),
    });

    const team = await rpc.mutation(
      'teams.create',
      { name: 'Night shift', ownerId: alice.id, userIds: [alice.id], description: 'pager' },
      admin,
    );
    expect(team.status).toBe(200);
    const teamId = (team.data as { id: string }).id;
    expect(team.data).toMatchObject({ name: 'Night shift', ownerId: alice.id, userIds: [alice.id] });

    const renamed = await rpc.mutation(
      'teams.update',
      { id: teamId, name: 'Day shift', ownerId: alice.id, userIds: [] },
      admin,
    );
    expect(renamed.data).toMatchObject({ name: 'Day shift', userIds: [], description: 'pager' });
    expect((await rpc.query('teams.get', { id: teamId }, admin)).data).toMatchObject({ name: 'Day shift' });
    expect((await rpc.query('teams.list', { name: 'day' }, admin)).data).toMatchObject({ total: 1, page: 1 });
    expect((await rpc.query('teams.all', undefined, admin)).data).toEqual([
      expect.objectContaining({ id: teamId }),
    ]);

    expect((await rpc.mutation('teams.delete', { id: teamId }, admin)).data).toMatchObject({ id: teamId });
    expect((await rpc.query('teams.get', { id: teamId }, admin)).status).toBe(404);
  });

  it('refuses a member listing users with FORBIDDEN', async () => {
    await t.createUser('trpc-bob', 'member', 'bob-pass-12');
    const bob = (await login('trpc-bob', 'bob-pass-12')).accessToken;
    const answer = await rpc.query('users.list', undefined, bob);
    expect(answer.status).toBe(403);
    expect(answer.error?.data).toMatchObject({ code: 'FORBIDDEN', domainCode: 'forbidden' });
  });

  it('answers UNAUTHORIZED without a token, with a bad token, and for wrong credentials', async () => {
    for (const answer of [
      await rpc.query('auth.me'),
      await rpc.query('users.list', undefined, 'not-a-token'),
      await rpc.mutation('auth.login', { username: 'admin', password: 'wrong-password' }),
    ]) {
      expect(answer.status).toBe(401);
      expect(answer.error?.data).toMatchObject({ code: 'UNAUTHORIZED', domainCode: 'unauthenticated' });
    }
  });

  it('answers NOT_FOUND for unknown and malformed ids', async () => {
    for (const answer of [
      await rpc.query('users.get', { id: '0190a1b2-0000-7000-8000-000000000000' }, admin),
      await rpc.query('users.get', { id: 'nope' }, admin),
      await rpc.query('teams.get', { id: 'nope' }, admin),
      await rpc.mutation('users.delete', { id: 'nope' }, admin),
    ]) {
      expect(answer.status).toBe(404);
      expect(answer.error?.data).toMatchObject({ code: 'NOT_FOUND', domainCode: 'not_found' });
    }
  });

  it('reports validation errors with field paths, from zod and from the core alike', async () => {
    const mismatch = await rpc.mutation(
      'users.create',
      {
        username: 'carol',
        name: 'Carol',
        password: 'carol-pass-1',
        confirmPassword: 'other-pass-1',
        role: 'member',
      },
      admin,
    );
    expect(mismatch.status).toBe(422);
    expect(mismatch.error?.message).toBe('The confirm password and password must match.');
    expect(mismatch.error?.data).toMatchObject({
      code: 'UNPROCESSABLE_CONTENT',
      domainCode: 'validation_failed',
      fieldErrors: { confirmPassword: ['The confirm password and password must match.'] },
    });

    const missing = await rpc.mutation('users.create', { username: 'has space', role: 'boss' }, admin);
    expect(missing.error?.data.fieldErrors).toMatchObject({
      username: ['The username may not contain spaces.'],
      name: ['The name field is required.'],
      password: ['The password field is required.'],
      role: ['The selected role is invalid.'],
    });

    const taken = await rpc.mutation(
      'users.create',
      {
        username: 'admin',
        name: 'Again',
        password: 'admin-pass-2',
        confirmPassword: 'admin-pass-2',
        role: 'member',
      },
      admin,
    );
    expect(taken.status).toBe(422);
    expect(taken.error?.data.fieldErrors).toEqual({ username: ['The username has already been taken.'] });

    const me = (await rpc.query('auth.me', undefined, admin)).data as Named;
    const badMember = await rpc.mutation(
      'teams.create',
      { name: 'T', ownerId: me.id, userIds: [me.id, 'nope'] },
      admin,
    );
    expect(badMember.error?.data.fieldErrors).toEqual({ 'userIds.1': ['The selected user is invalid.'] });
  });

  it('keeps the password-match rule on changePassword, whose input also carries the id', async () => {
    const me = (await rpc.query('auth.me', undefined, admin)).data as Named;
    const answer = await rpc.mutation(
      'users.changePassword',
      { id: me.id, password: 'new-password-1', confirmPassword: 'new-password-2' },
      admin,
    );
    expect(answer.status).toBe(422);
    expect(answer.error?.data.fieldErrors).toEqual({
      confirmPassword: ['The confirm password and password must match.'],
    });
  });

  it('rejects unknown input fields (strict inputs), naming each one', async () => {
    const create = await rpc.mutation(
      'users.create',
      {
        username: 'dave',
        name: 'Dave',
        password: 'dave-pass-12',
        confirmPassword: 'dave-pass-12',
        role: 'member',
        isSystemAdmin: true,
      },
      admin,
    );
    expect(create.status).toBe(422);
    expect(create.error?.data.fieldErrors).toEqual({
      isSystemAdmin: ['The isSystemAdmin field is not allowed.'],
    });
    expect((await rpc.query('users.list', { username: 'dave' }, admin)).data).toMatchObject({ total: 0 });

    const loginExtra = await rpc.mutation('auth.login', { ...ADMIN, remember: true });
    expect(loginExtra.error?.data.fieldErrors).toEqual({ remember: ['The remember field is not allowed.'] });
    const listExtra = await rpc.query('users.list', { page: 1, sort: 'name' }, admin);
    expect(listExtra.error?.data.fieldErrors).toEqual({ sort: ['The sort field is not allowed.'] });
  });

  it('transfers ownership and deletes a user through the same use cases', async () => {
    const fromId = await t.createUser('trpc-erin', 'member');
    const toId = await t.createUser('trpc-frank', 'member');
    await rpc.mutation('teams.create', { name: 'Erin team', ownerId: fromId, userIds: [] }, admin);

    const moved = await rpc.mutation('users.changeOwner', { fromUser: fromId, toUser: toId }, admin);
    expect(moved.data).toMatchObject({ moved: { teams: 1, endpoints: 0 } });
    const same = await rpc.mutation('users.changeOwner', { fromUser: toId, toUser: toId }, admin);
    expect(same.error?.data.fieldErrors).toHaveProperty('toUser');

    expect((await rpc.mutation('users.delete', { id: fromId }, admin)).data).toMatchObject({ id: fromId });
    expect((await rpc.query('users.get', { id: fromId }, admin)).status).toBe(404);
  });

  it('refreshes once; a spent refresh token is refused once the reuse grace has passed', async () => {
    const pair = await login(ADMIN.username, ADMIN.password);
    const next = await rpc.mutation('auth.refresh', { refreshToken: pair.refreshToken });
    expect(next.status).toBe(200);
    expect((next.data as Tokens).refreshToken).not.toBe(pair.refreshToken);
    // Past the default grace (300 s beyond the access token's life) within which a client racing
    // itself gets the same successor.
    t.clock.advance((t.settings.accessTokenTtlSeconds + 301) * 1000);
    const again = await rpc.mutation('auth.refresh', { refreshToken: pair.refreshToken });
    expect(again.status).toBe(401);
    // The clock moved past the shared admin token's life: the tests after this one need a fresh one.
    admin = (await login(ADMIN.username, ADMIN.password)).accessToken;
  });

  it('logout makes the access token fail at once', async () => {
    const { accessToken } = await login(ADMIN.username, ADMIN.password);
    expect((await rpc.query('auth.me', undefined, accessToken)).status).toBe(200);
    expect((await rpc.mutation('auth.logout', undefined, accessToken)).status).toBe(200);
    const after = await rpc.query('auth.me', undefined, accessToken);
    expect(after.status).toBe(401);
    expect(after.error?.data.code).toBe('UNAUTHORIZED');
  });

  it('answers TOO_MANY_REQUESTS with Retry-After once an account has failed too often', async () => {
    await t.createUser('trpc-gina', 'member', 'gina-pass-12');
    for (let i = 0; i < t.settings.loginMaxFailuresPerAccount; i++) {
      expect(
        (await rpc.mutation('auth.login', { username: 'trpc-gina', password: 'wrong-pass' })).status,
      ).toBe(401);
    }
    const limited = await rpc.mutation('auth.login', { username: 'trpc-gina', password: 'gina-pass-12' });
    expect(limited.status).toBe(429);
    expect(limited.error?.data).toMatchObject({ code: 'TOO_MANY_REQUESTS', domainCode: 'rate_limited' });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.error?.data.retryAfterSeconds).toBe(Number(limited.headers['retry-after']));
  });

  it('masks unexpected failures: a generic message, no stack, no internals', async () => {
    const spy = vi
      .spyOn(t.core.users, 'all')
      .mockRejectedValueOnce(new Error('relation "secret_table" exploded'));
    const answer = await rpc.query('users.all', undefined, admin);
    spy.mockRestore();
    expect(answer.status).toBe(500);
    expect(answer.error?.message).toBe('Internal server error.');
    expect(JSON.stringify(answer.error)).not.toContain('secret_table');
    expect(answer.error?.data).not.toHaveProperty('stack');
  });
});
