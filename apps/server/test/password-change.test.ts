import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/test-app';

describe('changing a password', () => {
  let h: TestApp;
  let owner: string;
  beforeAll(async () => {
    h = await createTestApp({ loginMaxFailuresPerAccount: 3 });
    owner = await h.adminToken();
  });
  afterAll(() => h.dispose());

  const change = (id: string, token: string, body: object, ip = '127.0.0.1') =>
    h.call('PUT', `/api/v1/user/pass/${id}`, { token, body, ip });
  const loginStatus = async (username: string, password: string, ip = '127.0.0.1') =>
    (await h.call('POST', '/api/v1/auth/login', { body: { username, password }, ip })).statusCode;

  it('needs the current password to change your own, on REST', async () => {
    const me = await h.userWithToken('self-changer', 'member');
    const next = { password: 'next-password-1', confirmPassword: 'next-password-1' };

    const missing = await change(me.id, me.token, next);
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors).toEqual({ currentPassword: ['The current password field is required.'] });

    const wrong = await change(me.id, me.token, { ...next, currentPassword: 'not-my-password' });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors).toEqual({ currentPassword: ['The current password is incorrect.'] });
    expect(await loginStatus('self-changer', 'next-password-1')).toBe(401);

    const right = await change(me.id, me.token, { ...next, currentPassword: 'self-changer-password' });
    expect(right.statusCode).toBe(200);
    expect(await loginStatus('self-changer', 'next-password-1', '127.0.0.2')).toBe(200);
  });

  it("lets an owner or manager reset someone else's without knowing it", async () => {
    const member = await h.t.createUser('reset-me', 'member');
    const manager = await h.userWithToken('resetting-manager', 'manager');
    const body = { password: 'reset-password-1', confirmPassword: 'reset-password-1' };
    expect((await change(member, owner, body)).statusCode).toBe(200);
    expect(
      (
        await change(member, manager.token, {
          ...body,
          password: 'x'.repeat(9),
          confirmPassword: 'x'.repeat(9),
        })
      ).statusCode,
    ).toBe(200);
    expect(await loginStatus('reset-me', 'x'.repeat(9))).toBe(200);
  });

  it('counts a wrong current password as a failed login of that account from that address', async () => {
    const me = await h.userWithToken('guessed-at', 'member');
    const body = {
      password: 'next-password-1',
      confirmPassword: 'next-password-1',
      currentPassword: 'guess',
    };
    for (let i = 0; i < 3; i++)
      expect((await change(me.id, me.token, body, '198.51.100.30')).statusCode).toBe(422);
    const limited = await change(me.id, me.token, body, '198.51.100.30');
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // The same pair cannot log in either; the owner elsewhere can.
    expect(await loginStatus('guessed-at', 'guessed-at-password', '198.51.100.30')).toBe(429);
    expect(await loginStatus('guessed-at', 'guessed-at-password', '198.51.100.31')).toBe(200);
  });

  it('needs the current password on tRPC and GraphQL too', async () => {
    const me = await h.userWithToken('other-faces', 'member');
    const trpc = (input: object) =>
      h.call('POST', '/trpc/users.changePassword', { token: me.token, body: { id: me.id, ...input } });
    const next = { password: 'next-password-1', confirmPassword: 'next-password-1' };
    const missing = await trpc(next);
    expect(missing.statusCode).toBe(422);
    expect(missing.json().error.data.fieldErrors).toEqual({
      currentPassword: ['The current password field is required.'],
    });
    expect((await trpc({ ...next, currentPassword: 'other-faces-password' })).statusCode).toBe(200);

    const graphql = (input: object) =>
      h.call('POST', '/graphql', {
        token: me.token,
        body: {
          query:
            'mutation ($id: ID!, $i: ChangePasswordInput!) { changePassword(id: $id, input: $i) { id } }',
          variables: { id: me.id, i: input },
        },
      });
    const then = { password: 'third-password-1', confirmPassword: 'third-password-1' };
    const wrong = (await graphql({ ...then, currentPassword: 'other-faces-password' })).json();
    expect(wrong.errors[0].extensions.fieldErrors).toEqual({
      currentPassword: ['The current password is incorrect.'],
    });
    expect(
      (await graphql({ ...then, currentPassword: 'next-password-1' })).json().data.changePassword.id,
    ).toBe(me.id);
  });
});
