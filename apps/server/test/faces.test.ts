import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/test-app';

describe('one core, three faces', () => {
  let h: TestApp;
  let token: string;

  beforeAll(async () => {
    h = await createTestApp();
    token = await h.adminToken();
  });
  afterAll(() => h.dispose());

  const graphql = (query: string, variables: Record<string, unknown> = {}, bearer = token) =>
    h.call('POST', '/graphql', { token: bearer, body: { query, variables } });
  const trpcQuery = (path: string, input?: unknown, bearer = token) =>
    h.call(
      'GET',
      `/trpc/${path}${input === undefined ? '' : `?input=${encodeURIComponent(JSON.stringify(input))}`}`,
      { token: bearer },
    );

  it('accepts a REST session on tRPC and GraphQL', async () => {
    expect((await trpcQuery('auth.me')).json().result.data).toMatchObject({ username: 'admin' });
    expect((await graphql('{ me { username role } }')).json()).toEqual({
      data: { me: { username: 'admin', role: 'owner' } },
    });
  });

  it('shows a user created through GraphQL on REST and tRPC', async () => {
    const created = await graphql(
      'mutation($input: CreateUserInput!) { createUser(input: $input) { id username } }',
      {
        input: {
          username: 'via-graphql',
          name: 'G',
          password: 'graphql-pass-1',
          confirmPassword: 'graphql-pass-1',
          role: 'member',
        },
      },
    );
    const id = created.json().data.createUser.id;
    expect((await h.call('GET', `/api/v1/user/${id}`, { token })).json().username).toBe('via-graphql');
    expect((await trpcQuery('users.get', { id })).json().result.data.username).toBe('via-graphql');
  });

  it('applies the same authorization on every face', async () => {
    const member = await h.userWithToken('plain-member', 'member');
    expect((await h.call('GET', '/api/v1/user', { token: member.token })).statusCode).toBe(403);
    expect((await trpcQuery('users.list', {}, member.token)).statusCode).toBe(403);
    const gql = (await graphql('{ users { total } }', {}, member.token)).json();
    expect(gql.errors[0].extensions.code).toBe('FORBIDDEN');
  });

  it('ends the session everywhere on logout', async () => {
    const own = (await h.login('admin', 'admin-password-1')).accessToken;
    expect((await graphql('mutation { logout }', {}, own)).json().data.logout).toBe(true);
    expect((await trpcQuery('auth.me', undefined, own)).statusCode).toBe(401);
    expect((await h.call('POST', '/api/v1/auth/me', { token: own })).statusCode).toBe(401);
  });

  it('refuses malformed input on tRPC and GraphQL without a 500', async () => {
    const bodies = [
      '{',
      'null',
      '[]',
      '{}',
      '42',
      JSON.stringify({ query: 5 }),
      JSON.stringify({ query: '{ me { nope } }' }),
    ];
    for (const payload of bodies) {
      const response = await h.call('POST', '/graphql', {
        token,
        body: payload,
        headers: { 'content-type': 'application/json' },
      });
      expect(response.statusCode).toBeLessThan(500);
    }
    const nul = await graphql('mutation($i: TeamInput!) { createTeam(input: $i) { id } }', {
      i: { name: 'a\u0000', ownerId: 'x', userIds: [] },
    });
    expect(nul.json().errors[0].extensions).toMatchObject({
      code: 'VALIDATION_FAILED',
      fieldErrors: { name: [expect.any(String)] },
    });
    const lone = await graphql('mutation($i: TeamInput!) { createTeam(input: $i) { id } }', {
      i: { name: 'a\ud800', ownerId: 'x', userIds: [] },
    });
    expect(lone.json().errors[0].extensions).toMatchObject({
      code: 'VALIDATION_FAILED',
      fieldErrors: { name: ['The value may not contain a lone UTF-16 surrogate.'] },
    });
    const trpcLone = await h.call('POST', '/trpc/teams.create', {
      token,
      body: { name: 'a\udc00', ownerId: 'x', userIds: [] },
    });
    expect(trpcLone.statusCode).toBe(422);
    expect(trpcLone.json().error.data.fieldErrors).toEqual({
      name: ['The value may not contain a lone UTF-16 surrogate.'],
    });
    for (const input of ['{', JSON.stringify({ username: 'a\u0000' }), JSON.stringify([1])]) {
      const response = await h.call('GET', `/trpc/users.list?input=${encodeURIComponent(input)}`, { token });
      expect(response.statusCode).toBeGreaterThanOrEqual(400);
      expect(response.statusCode).toBeLessThan(500);
    }
  });
});
