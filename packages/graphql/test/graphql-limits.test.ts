import { ADMIN, createTestCore, type TestCore } from '@oncall/testing';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it, type MockInstance, vi } from 'vitest';
import { registerGraphql } from '../src/index';
import { type GraphqlAnswer, graphqlHttp } from './graphql-http';

const LOGIN = 'mutation ($u: String!, $p: String!) { login(username: $u, password: $p) { accessToken } }';
const INTROSPECTION = '{ __schema { queryType { name } } }';

/** Every field of `selection` once per alias, `count` times. */
const aliased = (count: number, selection: string) =>
  `{ ${Array.from({ length: count }, (_, i) => `a${i}: ${selection}`).join(' ')} }`;

/**
 * Queries that cost the server far more than the client: refused before validation, with a 400 and
 * a GraphQL error, and none of their resolvers run (the spies on the core count the calls).
 */
describe('GraphQL query limits', () => {
  let t: TestCore;
  let app: FastifyInstance;
  let gql: ReturnType<typeof graphqlHttp>;
  let admin: string;
  let authenticate: MockInstance<TestCore['core']['auth']['authenticate']>;
  let listRules: MockInstance<TestCore['core']['alertRules']['list']>;

  beforeAll(async () => {
    t = await createTestCore();
    app = Fastify();
    await registerGraphql(app, { core: t.core, path: '/graphql' });
    await app.ready();
    gql = graphqlHttp(app);
    const login = await gql<{ login: { accessToken: string } }>(LOGIN, {
      u: ADMIN.username,
      p: ADMIN.password,
    });
    admin = login.data?.login.accessToken ?? '';
    authenticate = vi.spyOn(t.core.auth, 'authenticate');
    listRules = vi.spyOn(t.core.alertRules, 'list');
  });
  beforeEach(() => {
    authenticate.mockClear();
    listRules.mockClear();
  });
  afterAll(async () => {
    await app.close();
    await t.dispose();
  });

  const expectRefused = <T>(answer: GraphqlAnswer<T>, reason: RegExp) => {
    expect(answer.status).toBe(400);
    expect(answer.data).toBeUndefined();
    expect(answer.errors?.[0]?.message).toMatch(reason);
    expect(answer.errors?.[0]?.extensions?.code).toBe('QUERY_TOO_COMPLEX');
    expect(authenticate).not.toHaveBeenCalled();
  };

  it('runs an ordinary query within every limit', async () => {
    const answer = await gql(
      '{ me { username } alertRules(perPage: 100) { total items { id owner { id } } } }',
      {},
      admin,
    );
    expect(answer.status).toBe(200);
    expect(answer.data).toEqual({ me: { username: 'admin' }, alertRules: { total: 0, items: [] } });
    expect(authenticate).toHaveBeenCalledTimes(1);
  });

  it('refuses 1,000 duplicated fields (7 KB) at parse time', async () => {
    const query = `{ ${'me{id} '.repeat(1000)}}`;
    expect(query.length).toBeLessThan(8 * 1024);
    expectRefused(await gql(query, {}, admin), /tokens/);
  });

  it('refuses a 1 MB query', async () => {
    const query = `{ ${'me{id} '.repeat(142_857)}}`;
    expect(query.length).toBeGreaterThan(1_000_000);
    expectRefused(await gql(query, {}, admin), /characters|tokens/);
  });

  it('refuses 30 aliased alertRules(perPage: 100), and lists no rule', async () => {
    expectRefused(
      await gql(aliased(30, 'alertRules(perPage: 100) { total items { id } }'), {}, admin),
      /alias/i,
    );
    expect(listRules).not.toHaveBeenCalled();
  });

  it('refuses deep nesting', async () => {
    const query = `{ ${'... on Query { '.repeat(40)} me { id } ${'} '.repeat(40)}}`;
    expectRefused(await gql(query, {}, admin), /depth/i);
  });

  it('refuses directive flooding', async () => {
    const query = `{ ${'__typename @include(if: true) @skip(if: false) '.repeat(30)} me { id } }`;
    expectRefused(await gql(query, {}, admin), /directive/i);
  });

  it('refuses a fragment bomb by its cost', async () => {
    const spreads = (name: string) => `...${name} `.repeat(5);
    const query = [
      `query { ${spreads('D')} }`,
      `fragment D on Query { ${spreads('C')}}`,
      `fragment C on Query { ${spreads('B')}}`,
      `fragment B on Query { ${spreads('A')}}`,
      'fragment A on Query { me { id username name role createdAt updatedAt isSystemAdmin } }',
    ].join('\n');
    expectRefused(await gql(query, {}, admin), /cost/i);
  });

  it('refuses introspection unless enabled', async () => {
    const refused = await gql(INTROSPECTION);
    expect(refused.status).toBe(400);
    expect(refused.errors?.[0]?.message).toMatch(/introspection/i);
    expect(refused.errors?.[0]?.extensions?.code).toBe('INTROSPECTION_DISABLED');
    expect((await gql('{ __type(name: "Query") { name } }')).status).toBe(400);

    const open = Fastify();
    await registerGraphql(open, { core: t.core, path: '/graphql', introspection: true });
    try {
      const answer = await graphqlHttp(open)(INTROSPECTION);
      expect(answer.status).toBe(200);
      expect(answer.data).toEqual({ __schema: { queryType: { name: 'Query' } } });
    } finally {
      await open.close();
    }
  });
});
