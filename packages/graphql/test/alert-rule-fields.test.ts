import { loadPluginRegistry } from '@oncall/built-ins';
import { alertRuleCreateBodySchema } from '@oncall/contracts';
import { alertRuleTypeCatalog } from '@oncall/core';
import { ADMIN, createTestCore, type TestCore } from '@oncall/testing';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerGraphql } from '../src/index';
import { graphqlHttp, onlyError } from './graphql-http';

const LOGIN = `mutation ($username: String!, $password: String!) {
  login(username: $username, password: $password) { accessToken }
}`;
const RULE_FIELDS = 'id name type state silentStatus pinned tags typeFields owner { username } users { id }';

interface RuleAnswer {
  id: string;
  name: string;
  typeFields: string;
}

describe('GraphQL alert rules (read-only)', () => {
  let t: TestCore;
  let app: FastifyInstance;
  let gql: ReturnType<typeof graphqlHttp>;
  let admin: string;
  let member: string;
  let memberId: string;
  let shared: string;
  let hidden: string;

  const login = async (username: string, password: string) => {
    const answer = await gql<{ login: { accessToken: string } }>(LOGIN, { username, password });
    return answer.data?.login.accessToken ?? '';
  };

  beforeAll(async () => {
    t = await createTestCore({}, { plugins: await loadPluginRegistry() });
    app = Fastify();
    await registerGraphql(app, { core: t.core, path: '/graphql' });
    await app.ready();
    gql = graphqlHttp(app);
    admin = await login(ADMIN.username, ADMIN.password);
    memberId = await t.createUser('gql-rule-member', 'member', 'member-pass-1');
    member = await login('gql-rule-member', 'member-pass-1');
    const actor = await t.core.auth.authenticate(admin);
    const body = alertRuleCreateBodySchema(alertRuleTypeCatalog(t.core.plugins), 'strip');
    const create = (fields: unknown) => t.core.alertRules.create(actor, body.parse(fields));
    shared = (
      await create({
        type: 'api',
        name: 'Shared API rule',
        tags: ['prod'],
        userIds: [memberId],
        enableAutoResolve: true,
        autoResolveMinutes: 15,
      })
    ).id;
    hidden = (
      await create({ type: 'prometheus', name: 'Hidden prom rule', queryType: 'textQuery', queryText: 'up' })
    ).id;
  });
  afterAll(async () => {
    await app.close();
    await t.dispose();
  });

  it('lists the rules the caller can see, with filters, and never shows the ingestion token', async () => {
    const all = await gql<{ alertRules: { total: number; items: RuleAnswer[] } }>(
      `{ alertRules { total page perPage items { ${RULE_FIELDS} } } }`,
      undefined,
      admin,
    );
    expect(all.errors).toBeUndefined();
    expect(all.data?.alertRules.total).toBe(2);
    const api = all.data?.alertRules.items.find((r) => r.id === shared);
    expect(api).toMatchObject({ type: 'api', state: 'unknown', silentStatus: 'active', tags: ['prod'] });
    expect(JSON.parse(api?.typeFields ?? '{}')).toEqual({ enableAutoResolve: true, autoResolveMinutes: 15 });
    expect(JSON.stringify(all.data)).not.toContain('ak_');

    const filtered = await gql<{ alertRules: { items: RuleAnswer[] } }>(
      `{ alertRules(filters: { types: [prometheus], status: [unknown], alertname: "hidden" }) { items { id } } }`,
      undefined,
      admin,
    );
    expect(filtered.data?.alertRules.items).toEqual([{ id: hidden }]);

    const mine = await gql<{ alertRules: { total: number; items: RuleAnswer[] } }>(
      `{ alertRules(perPage: 500) { total perPage items { id users { id } } } }`,
      undefined,
      member,
    );
    expect(mine.data?.alertRules).toEqual({
      total: 1,
      perPage: 100,
      items: [{ id: shared, users: [{ id: memberId }] }],
    });
  });

  it('reads one rule, answering NOT_FOUND for one the caller cannot see', async () => {
    const one = await gql<{ alertRule: RuleAnswer }>(
      `query ($id: ID!) { alertRule(id: $id) { name owner { username } } }`,
      { id: shared },
      member,
    );
    expect(one.data?.alertRule).toEqual({ name: 'Shared API rule', owner: { username: 'admin' } });
    const invisible = await gql(`query ($id: ID!) { alertRule(id: $id) { id } }`, { id: hidden }, member);
    expect(onlyError(invisible).extensions?.code).toBe('NOT_FOUND');
  });

  it('refuses invalid filters with field paths and answers UNAUTHENTICATED without a token', async () => {
    const bad = await gql(
      `{ alertRules(filters: { tags: [""] , alertname: "${'x'.repeat(300)}" }) { total } }`,
      undefined,
      admin,
    );
    expect(onlyError(bad).extensions).toMatchObject({
      code: 'VALIDATION_FAILED',
      fieldErrors: { alertname: expect.any(Array) },
    });
    const anonymous = await gql('{ alertRules { total } }');
    expect(onlyError(anonymous).extensions?.code).toBe('UNAUTHENTICATED');
  });
});
