import { ADMIN, createTestCore, type TestCore } from '@oncall/testing';
import { registerTrpc } from '@oncall/trpc';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerGraphql } from '../src/index';
import { graphqlHttp, onlyError } from './graphql-http';

/** Both new faces on one server over one core: what one writes, the other reads. */
describe('tRPC and GraphQL share the core use cases', () => {
  let t: TestCore;
  let app: FastifyInstance;
  let gql: ReturnType<typeof graphqlHttp>;
  let token: string;

  const trpc = async (method: 'GET' | 'POST', path: string, input: unknown) => {
    const query =
      method === 'GET' && input !== undefined ? `?input=${encodeURIComponent(JSON.stringify(input))}` : '';
    const response = await app.inject({
      method,
      url: `/trpc/${path}${query}`,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      ...(method === 'POST' ? { payload: JSON.stringify(input) } : {}),
    });
    return { status: response.statusCode, body: response.json() };
  };

  beforeAll(async () => {
    t = await createTestCore();
    app = Fastify();
    await registerTrpc(app, { core: t.core, prefix: '/trpc' });
    await registerGraphql(app, { core: t.core, path: '/graphql' });
    await app.ready();
    gql = graphqlHttp(app);
    const login = await trpc('POST', 'auth.login', ADMIN);
    token = login.body.result.data.accessToken;
  });
  afterAll(async () => {
    await app.close();
    await t.dispose();
  });

  it('a user created via tRPC is visible via GraphQL, with a session opened via tRPC', async () => {
    const created = await trpc('POST', 'users.create', {
      username: 'shared-user',
      name: 'Shared',
      password: 'shared-pass-1',
      confirmPassword: 'shared-pass-1',
      role: 'manager',
    });
    expect(created.status).toBe(200);
    const answer = await gql(
      `{ users(username: "shared") { total items { id username role } } }`,
      undefined,
      token,
    );
    expect(answer.data).toEqual({
      users: {
        total: 1,
        items: [{ id: created.body.result.data.id, username: 'shared-user', role: 'manager' }],
      },
    });
  });

  it('a team created via GraphQL is read back via tRPC', async () => {
    const me = await gql<{ me: { id: string } }>('{ me { id } }', undefined, token);
    const adminId = me.data?.me.id;
    const created = await gql<{ createTeam: { id: string } }>(
      `mutation ($input: TeamInput!) { createTeam(input: $input) { id } }`,
      { input: { name: 'Cross team', ownerId: adminId, userIds: [adminId] } },
      token,
    );
    const id = created.data?.createTeam.id;
    const read = await trpc('GET', 'teams.get', { id });
    expect(read.body.result.data).toMatchObject({
      id,
      name: 'Cross team',
      ownerId: adminId,
      userIds: [adminId],
    });
  });

  it('logging out on GraphQL ends the session on tRPC too', async () => {
    expect((await gql('mutation { logout }', undefined, token)).data).toEqual({ logout: true });
    const after = await trpc('GET', 'auth.me', undefined);
    expect(after.status).toBe(401);
    expect(onlyError(await gql('{ me { id } }', undefined, token)).extensions?.code).toBe('UNAUTHENTICATED');
  });
});
