import { alertRuleCreateBody, behaviorRuleCreateBody } from '@oncall/contracts';
import { Endpoint, sealJson, User } from '@oncall/core/persistence';
import { ADMIN, createTestCore, type TestCore } from '@oncall/testing';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerGraphql } from '../src/index';
import { graphqlHttp, onlyError } from './graphql-http';

const LOGIN = `mutation ($username: String!, $password: String!) {
  login(username: $username, password: $password) { accessToken }
}`;
const BEHAVIOR = `query ($id: ID!) {
  behaviorRules(alertRuleId: $id) {
    id alertRuleId type name filters { key value } endpoints { id name } template
    dependsOnAlertRules { id name } triggerState maintenance { from to timeZone weekly }
    createdAt updatedAt
  }
}`;

describe('GraphQL behavior rules (read-only)', () => {
  let t: TestCore;
  let app: FastifyInstance;
  let gql: ReturnType<typeof graphqlHttp>;
  let member: string;
  let stranger: string;
  let ruleId: string;
  let dependencyId: string;
  let endpointId: string;

  const login = async (username: string, password: string) => {
    const answer = await gql<{ login: { accessToken: string } }>(LOGIN, { username, password });
    return answer.data?.login.accessToken ?? '';
  };

  beforeAll(async () => {
    t = await createTestCore();
    app = Fastify();
    await registerGraphql(app, { core: t.core, path: '/graphql' });
    await app.ready();
    gql = graphqlHttp(app);
    const admin = await login(ADMIN.username, ADMIN.password);
    const memberId = await t.createUser('gql-behavior-member', 'member', 'member-pass-1');
    member = await login('gql-behavior-member', 'member-pass-1');
    await t.createUser('gql-behavior-stranger', 'member', 'member-pass-1');
    stranger = await login('gql-behavior-stranger', 'member-pass-1');
    const actor = await t.core.auth.authenticate(admin);
    const rule = (name: string) =>
      t.core.alertRules.create(actor, alertRuleCreateBody.parse({ type: 'api', name, userIds: [memberId] }));
    ruleId = (await rule('gql behavior target')).id;
    dependencyId = (await rule('gql behavior dependency')).id;
    const em = t.core.orm.em.fork();
    const endpoint = em.create(Endpoint, {
      name: 'gql pager',
      type: 'teams',
      sealedDestination: sealJson(t.core.secretBox, { value: 'https://hooks.example.invalid/x' }),
      owner: await em.findOneOrFail(User, { username: ADMIN.username }),
    });
    await em.flush();
    endpointId = endpoint.id;
    const add = (body: unknown) =>
      t.core.behaviorRules.create(actor, ruleId, behaviorRuleCreateBody.parse(body));
    await add({
      type: 'notification',
      name: 'db',
      filters: [{ key: 'env', value: 'prod*' }],
      endpointIds: [endpointId],
    });
    await add({ type: 'template', endpointIds: [endpointId], template: '{{name}}' });
    await add({ type: 'silent', dependsOnAlertRuleIds: [dependencyId], triggerState: 'critical' });
    await add({
      type: 'silent',
      dependsOnAlertRuleIds: [],
      triggerState: 'critical',
      maintenance: {
        from: '2026-11-28T22:00',
        to: '2026-11-29T02:00',
        timeZone: 'Europe/Berlin',
        weekly: true,
      },
    });
  });
  afterAll(async () => {
    await app.close();
    await t.dispose();
  });

  it('reads the behavior rules of a rule the caller can see, each kind with its own fields', async () => {
    const answer = await gql<{ behaviorRules: Array<Record<string, unknown>> }>(
      BEHAVIOR,
      { id: ruleId },
      member,
    );
    expect(answer.errors).toBeUndefined();
    expect(answer.data?.behaviorRules).toMatchObject([
      {
        alertRuleId: ruleId,
        type: 'notification',
        name: 'db',
        filters: [{ key: 'env', value: 'prod*' }],
        endpoints: [{ id: endpointId, name: 'gql pager' }],
        template: null,
        dependsOnAlertRules: null,
        triggerState: null,
        maintenance: null,
      },
      { type: 'template', name: null, filters: null, template: '{{name}}', endpoints: [{ id: endpointId }] },
      {
        type: 'silent',
        endpoints: null,
        dependsOnAlertRules: [{ id: dependencyId, name: 'gql behavior dependency' }],
        triggerState: 'critical',
        maintenance: null,
      },
      {
        type: 'silent',
        dependsOnAlertRules: [],
        maintenance: {
          from: '2026-11-28T22:00',
          to: '2026-11-29T02:00',
          timeZone: 'Europe/Berlin',
          weekly: true,
        },
      },
    ]);
    expect(answer.data?.behaviorRules[0]?.createdAt).toMatch(/^\d{4}-\d\d-\d\dT.*Z$/);
  });

  it('answers NOT_FOUND for a rule the caller cannot see and UNAUTHENTICATED without a token', async () => {
    expect(onlyError(await gql(BEHAVIOR, { id: ruleId }, stranger)).extensions?.code).toBe('NOT_FOUND');
    expect(onlyError(await gql(BEHAVIOR, { id: 'not-a-uuid' }, member)).extensions?.code).toBe('NOT_FOUND');
    expect(onlyError(await gql(BEHAVIOR, { id: ruleId })).extensions?.code).toBe('UNAUTHENTICATED');
  });
});
