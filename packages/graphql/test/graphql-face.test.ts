import { ADMIN, createTestCore, type TestCore } from '@oncall/testing';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { registerGraphql } from '../src/index';
import { type GraphqlAnswer, graphqlHttp, onlyError } from './graphql-http';

interface Tokens {
  accessToken: string;
  refreshToken: string;
}

const LOGIN = `mutation ($username: String!, $password: String!) {
  login(username: $username, password: $password) { accessToken refreshToken tokenType expiresIn user { username role } }
}`;
const ME = '{ me { id username role isSystemAdmin } }';
const CREATE_USER = `mutation ($input: CreateUserInput!) { createUser(input: $input) { id username name role } }`;
const USER_FIELDS = 'id username name role';
const TEAM_FIELDS = 'id name description owner { id username } users { id }';

describe('GraphQL face', () => {
  let t: TestCore;
  let app: FastifyInstance;
  let gql: ReturnType<typeof graphqlHttp>;
  let admin: string;
  let adminId: string;

  const login = async (username: string, password: string): Promise<Tokens> => {
    const answer = await gql<{ login: Tokens }>(LOGIN, { username, password });
    if (!answer.data) throw new Error(JSON.stringify(answer.errors));
    return answer.data.login;
  };
  const codeOf = <T>(answer: GraphqlAnswer<T>) => onlyError(answer).extensions?.code;

  beforeAll(async () => {
    t = await createTestCore();
    app = Fastify();
    await registerGraphql(app, { core: t.core, path: '/graphql' });
    await app.ready();
    gql = graphqlHttp(app);
    admin = (await login(ADMIN.username, ADMIN.password)).accessToken;
    const me = await gql<{ me: { id: string } }>(ME, undefined, admin);
    adminId = me.data?.me.id ?? '';
  });
  afterAll(async () => {
    await app.close();
    await t.dispose();
  });

  it('logs in and answers me with the caller', async () => {
    const pair = await gql(LOGIN, ADMIN);
    expect(pair.data).toEqual({
      login: expect.objectContaining({ tokenType: 'bearer', user: { username: 'admin', role: 'owner' } }),
    });
    const me = await gql(ME, undefined, admin);
    expect(me.data).toEqual({ me: { id: adminId, username: 'admin', role: 'owner', isSystemAdmin: true } });
  });

  it('lists users as a Page, with defaults and clamping as on REST', async () => {
    const answer = await gql(`{ users { total page perPage items { username } } }`, undefined, admin);
    expect(answer.data).toEqual({
      users: { total: 1, page: 1, perPage: 25, items: [{ username: 'admin' }] },
    });
    const clamped = await gql(`{ users(perPage: 500, username: "adm") { total perPage } }`, undefined, admin);
    expect(clamped.data).toEqual({ users: { total: 1, perPage: 100 } });
  });

  it('creates a member and a team, and reads, updates and lists them', async () => {
    const created = await gql<{ createUser: { id: string } }>(
      CREATE_USER,
      {
        input: {
          username: 'gql-alice',
          name: 'Alice',
          password: 'alice-pass-1',
          confirmPassword: 'alice-pass-1',
          role: 'member',
        },
      },
      admin,
    );
    expect(created.errors).toBeUndefined();
    const aliceId = created.data?.createUser.id ?? '';
    expect(created.data?.createUser).toMatchObject({ username: 'gql-alice', role: 'member' });

    const updated = await gql(
      `mutation ($id: ID!) { updateUser(id: $id, input: { username: "gql-alice", name: "Alice A.", role: member }) { ${USER_FIELDS} } }`,
      { id: aliceId },
      admin,
    );
    expect(updated.data).toEqual({
      updateUser: { id: aliceId, username: 'gql-alice', name: 'Alice A.', role: 'member' },
    });
    expect((await gql(`query ($id: ID!) { user(id: $id) { name } }`, { id: aliceId }, admin)).data).toEqual({
      user: { name: 'Alice A.' },
    });
    const options = await gql<{ allUsers: { username: string }[] }>(
      '{ allUsers { username } }',
      undefined,
      admin,
    );
    expect(options.data?.allUsers.map((u) => u.username)).toEqual(['admin', 'gql-alice']);

    const team = await gql<{ createTeam: { id: string } }>(
      `mutation ($input: TeamInput!) { createTeam(input: $input) { ${TEAM_FIELDS} } }`,
      { input: { name: 'Night shift', ownerId: aliceId, userIds: [aliceId], description: 'pager' } },
      admin,
    );
    const teamId = team.data?.createTeam.id ?? '';
    expect(team.data?.createTeam).toEqual({
      id: teamId,
      name: 'Night shift',
      description: 'pager',
      owner: { id: aliceId, username: 'gql-alice' },
      users: [{ id: aliceId }],
    });

    const renamed = await gql(
      `mutation ($id: ID!, $input: TeamInput!) { updateTeam(id: $id, input: $input) { name description users { id } } }`,
      { id: teamId, input: { name: 'Day shift', ownerId: aliceId, userIds: [] } },
      admin,
    );
    expect(renamed.data).toEqual({ updateTeam: { name: 'Day shift', description: 'pager', users: [] } });
    expect((await gql(`{ teams(name: "day") { total items { name } } }`, undefined, admin)).data).toEqual({
      teams: { total: 1, items: [{ name: 'Day shift' }] },
    });
    expect((await gql('{ allTeams { id } }', undefined, admin)).data).toEqual({ allTeams: [{ id: teamId }] });

    const deleted = await gql(`mutation ($id: ID!) { deleteTeam(id: $id) { id } }`, { id: teamId }, admin);
    expect(deleted.data).toEqual({ deleteTeam: { id: teamId } });
    expect(codeOf(await gql(`query ($id: ID!) { team(id: $id) { id } }`, { id: teamId }, admin))).toBe(
      'NOT_FOUND',
    );
  });

  it('refuses a member listing users with FORBIDDEN', async () => {
    await t.createUser('gql-bob', 'member', 'bob-pass-12');
    const bob = (await login('gql-bob', 'bob-pass-12')).accessToken;
    const answer = await gql('{ users { total } }', undefined, bob);
    expect(answer.data).toBeNull();
    expect(onlyError(answer)).toMatchObject({
      message: 'This action is unauthorized.',
      path: ['users'],
      extensions: { code: 'FORBIDDEN' },
    });
  });

  it('answers UNAUTHENTICATED without a token, with a bad token, and for wrong credentials', async () => {
    expect(codeOf(await gql(ME))).toBe('UNAUTHENTICATED');
    expect(codeOf(await gql(ME, undefined, 'not-a-token'))).toBe('UNAUTHENTICATED');
    expect(codeOf(await gql('mutation { logout }'))).toBe('UNAUTHENTICATED');
    const wrong = await gql(LOGIN, { username: 'admin', password: 'wrong-password' });
    expect(onlyError(wrong)).toMatchObject({
      message: 'Invalid username or password.',
      extensions: { code: 'UNAUTHENTICATED' },
    });
  });

  it('answers NOT_FOUND for unknown and malformed ids', async () => {
    for (const id of ['0190a1b2-0000-7000-8000-000000000000', 'nope']) {
      expect(codeOf(await gql(`query ($id: ID!) { user(id: $id) { id } }`, { id }, admin))).toBe('NOT_FOUND');
      expect(codeOf(await gql(`mutation ($id: ID!) { deleteUser(id: $id) { id } }`, { id }, admin))).toBe(
        'NOT_FOUND',
      );
    }
  });

  it('validates inputs with the REST schemas: same messages, same field paths', async () => {
    const mismatch = await gql(
      CREATE_USER,
      {
        input: {
          username: 'carol',
          name: 'Carol',
          password: 'carol-pass-1',
          confirmPassword: 'other-pass-1',
          role: 'member',
        },
      },
      admin,
    );
    expect(onlyError(mismatch)).toMatchObject({
      message: 'The confirm password and password must match.',
      extensions: {
        code: 'VALIDATION_FAILED',
        fieldErrors: { confirmPassword: ['The confirm password and password must match.'] },
      },
    });

    const shapes = await gql(
      CREATE_USER,
      {
        input: {
          username: 'has space',
          name: ' ',
          password: 'short',
          confirmPassword: 'short',
          role: 'member',
        },
      },
      admin,
    );
    expect(onlyError(shapes).extensions?.fieldErrors).toEqual({
      username: ['The username may not contain spaces.'],
      name: ['The name field is required.'],
      password: ['The password must be at least 8 characters.'],
    });

    const taken = await gql(
      CREATE_USER,
      {
        input: {
          username: 'admin',
          name: 'Again',
          password: 'admin-pass-2',
          confirmPassword: 'admin-pass-2',
          role: 'member',
        },
      },
      admin,
    );
    expect(onlyError(taken).extensions?.fieldErrors).toEqual({
      username: ['The username has already been taken.'],
    });

    const badMember = await gql(
      `mutation ($input: TeamInput!) { createTeam(input: $input) { id } }`,
      { input: { name: 'T', ownerId: adminId, userIds: [adminId, 'nope'] } },
      admin,
    );
    expect(onlyError(badMember).extensions?.fieldErrors).toEqual({
      'userIds.1': ['The selected user is invalid.'],
    });

    const password = await gql(
      `mutation ($id: ID!) { changePassword(id: $id, input: { password: "new-password-1", confirmPassword: "x" }) { id } }`,
      { id: adminId },
      admin,
    );
    expect(onlyError(password).extensions?.fieldErrors).toEqual({
      confirmPassword: ['The confirm password and password must match.'],
    });

    const emptyLogin = await gql(LOGIN, { username: '', password: 'whatever' });
    expect(onlyError(emptyLogin).extensions?.fieldErrors).toEqual({
      username: ['The username field is required.'],
    });
  });

  it('rejects unknown input fields, in literals and in variables alike', async () => {
    const literal = await gql(
      `mutation { createUser(input: { username: "dave", name: "Dave", password: "dave-pass-12", confirmPassword: "dave-pass-12", role: member, isSystemAdmin: true }) { id } }`,
      undefined,
      admin,
    );
    expect(onlyError(literal).message).toContain(
      'Field "isSystemAdmin" is not defined by type "CreateUserInput"',
    );

    const variables = await gql(
      CREATE_USER,
      {
        input: {
          username: 'dave',
          name: 'Dave',
          password: 'dave-pass-12',
          confirmPassword: 'dave-pass-12',
          role: 'member',
          isSystemAdmin: true,
        },
      },
      admin,
    );
    expect(onlyError(variables).message).toContain(
      'Field "isSystemAdmin" is not defined by type "CreateUserInput"',
    );
    expect((await gql(`{ users(username: "dave") { total } }`, undefined, admin)).data).toEqual({
      users: { total: 0 },
    });
  });

  it('transfers ownership and deletes a user through the same use cases', async () => {
    const fromId = await t.createUser('gql-erin', 'member');
    const toId = await t.createUser('gql-frank', 'member');
    await gql(
      `mutation ($input: TeamInput!) { createTeam(input: $input) { id } }`,
      { input: { name: 'Erin team', ownerId: fromId, userIds: [] } },
      admin,
    );
    const CHANGE = `mutation ($from: ID!, $to: ID!) { changeOwner(fromUser: $from, toUser: $to) { kind count } }`;
    expect((await gql(CHANGE, { from: fromId, to: toId }, admin)).data).toEqual({
      changeOwner: expect.arrayContaining([
        { kind: 'teams', count: 1 },
        { kind: 'endpoints', count: 0 },
      ]),
    });
    expect(
      onlyError(await gql(CHANGE, { from: toId, to: toId }, admin)).extensions?.fieldErrors,
    ).toHaveProperty('toUser');

    const deleted = await gql(`mutation ($id: ID!) { deleteUser(id: $id) { id } }`, { id: fromId }, admin);
    expect(deleted.data).toEqual({ deleteUser: { id: fromId } });
  });

  it('refreshes once; a spent refresh token is refused once the reuse grace has passed', async () => {
    const pair = await login(ADMIN.username, ADMIN.password);
    const REFRESH = `mutation ($token: String!) { refresh(refreshToken: $token) { refreshToken } }`;
    const next = await gql<{ refresh: Tokens }>(REFRESH, { token: pair.refreshToken });
    expect(next.data?.refresh.refreshToken).toMatch(/\S/);
    expect(next.data?.refresh.refreshToken).not.toBe(pair.refreshToken);
    // Past the default grace (300 s beyond the access token's life) within which a client racing
    // itself gets the same successor.
    t.clock.advance((t.settings.accessTokenTtlSeconds + 301) * 1000);
    expect(codeOf(await gql(REFRESH, { token: pair.refreshToken }))).toBe('UNAUTHENTICATED');
    // The clock moved past the shared admin token's life: the tests after this one need a fresh one.
    admin = (await login(ADMIN.username, ADMIN.password)).accessToken;
  });

  it('logout makes the access token fail at once', async () => {
    const { accessToken } = await login(ADMIN.username, ADMIN.password);
    expect((await gql(ME, undefined, accessToken)).errors).toBeUndefined();
    expect((await gql('mutation { logout }', undefined, accessToken)).data).toEqual({ logout: true });
    expect(codeOf(await gql(ME, undefined, accessToken))).toBe('UNAUTHENTICATED');
  });

  it('answers RATE_LIMITED with Retry-After once an account has failed too often', async () => {
    await t.createUser('gql-gina', 'member', 'gina-pass-12');
    for (let i = 0; i < t.settings.loginMaxFailuresPerAccount; i++) {
      expect(codeOf(await gql(LOGIN, { username: 'gql-gina', password: 'wrong-pass' }))).toBe(
        'UNAUTHENTICATED',
      );
    }
    const limited = await gql(LOGIN, { username: 'gql-gina', password: 'gina-pass-12' });
    const error = onlyError(limited);
    expect(error.extensions?.code).toBe('RATE_LIMITED');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(error.extensions?.retryAfterSeconds).toBe(Number(limited.headers['retry-after']));
    expect(error.extensions).not.toHaveProperty('http');
  });

  it('masks unexpected failures: a generic message and no internals', async () => {
    const spy = vi
      .spyOn(t.core.users, 'all')
      .mockRejectedValueOnce(new Error('relation "secret_table" exploded'));
    const answer = await gql('{ allUsers { id } }', undefined, admin);
    spy.mockRestore();
    expect(onlyError(answer)).toMatchObject({
      message: 'Unexpected error.',
      extensions: { code: 'INTERNAL_SERVER_ERROR' },
    });
    expect(JSON.stringify(answer)).not.toContain('secret_table');
  });

  it('serves no GraphiQL unless asked to', async () => {
    const page = (target: FastifyInstance) =>
      target.inject({ method: 'GET', url: '/graphql', headers: { accept: 'text/html' } });
    expect(String((await page(app)).headers['content-type'])).not.toContain('text/html');

    const withIde = Fastify();
    await registerGraphql(withIde, { core: t.core, graphiql: true });
    const ide = await page(withIde);
    await withIde.close();
    expect(ide.statusCode).toBe(200);
    expect(ide.body).toContain('GraphiQL');
  });
});
