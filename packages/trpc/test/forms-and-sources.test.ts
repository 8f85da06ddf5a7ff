import { loadPluginRegistry } from '@oncall/built-ins';
import { ADMIN, createTestCore, type TestCore } from '@oncall/testing';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerTrpc } from '../src/index';
import { type TrpcAnswer, trpcHttp } from './trpc-http';

type Caller = 'admin' | 'member';

interface Case {
  path: string;
  kind: 'query' | 'mutation';
  success: { input?: unknown; as: Caller; expect: (a: TrpcAnswer) => void };
  /** A bad input and its field path; absent for procedures that take no input. */
  invalid?: { input: unknown; field: string };
  /** A member's refusal, for the owner/manager-only procedures; the others are open to anyone signed in. */
  memberRefused?: { input?: unknown };
}

/**
 * The data-source procedures and the rule form's lists, each with a success, a validation error at
 * its path where it takes input, and a refusal (a member where the use case is for owners and
 * managers; everyone without a token).
 */
describe('tRPC data sources and the rule form’s lists', () => {
  let t: TestCore;
  let app: FastifyInstance;
  let rpc: ReturnType<typeof trpcHttp>;
  const tokens: Record<Caller, string> = { admin: '', member: '' };
  let sourceId: string;
  let ruleId: string;
  let cases: Case[];

  beforeAll(async () => {
    t = await createTestCore({}, { plugins: await loadPluginRegistry() });
    app = Fastify();
    await registerTrpc(app, { core: t.core, prefix: '/trpc' });
    await app.ready();
    rpc = trpcHttp(app);
    const login = async (username: string, password: string) =>
      ((await rpc.mutation('auth.login', { username, password })).data as { accessToken: string })
        .accessToken;
    tokens.admin = await login(ADMIN.username, ADMIN.password);
    await t.createUser('trpc-forms-member', 'member', 'member-pass-1');
    tokens.member = await login('trpc-forms-member', 'member-pass-1');
    const source = await rpc.mutation(
      'dataSources.create',
      { name: 'prom', type: 'prometheus', url: 'http://127.0.0.1:9' },
      tokens.admin,
    );
    sourceId = (source.data as { id: string }).id;
    ruleId = (
      (await rpc.mutation('alertRules.create', { type: 'api', name: 'trpc forms rule' }, tokens.admin))
        .data as {
        id: string;
      }
    ).id;

    cases = [
      {
        path: 'dataSources.list',
        kind: 'query',
        success: {
          as: 'admin',
          expect: (a) => expect(a.data).toMatchObject({ total: 1, items: [{ id: sourceId }] }),
        },
        invalid: { input: { sort: 'name' }, field: 'sort' },
        memberRefused: {},
      },
      {
        path: 'dataSources.types',
        kind: 'query',
        success: {
          as: 'admin',
          expect: (a) =>
            expect(a.data).toContainEqual({ type: 'prometheus', label: 'Prometheus', isWebhook: true }),
        },
        memberRefused: {},
      },
      {
        path: 'dataSources.get',
        kind: 'query',
        success: {
          input: { id: sourceId },
          as: 'admin',
          expect: (a) => expect(a.data).toMatchObject({ name: 'prom' }),
        },
        invalid: { input: {}, field: 'id' },
        memberRefused: { input: { id: sourceId } },
      },
      {
        path: 'dataSources.status',
        kind: 'query',
        // This test core has no prober: the use case says so rather than connecting.
        success: {
          input: { id: sourceId },
          as: 'admin',
          expect: (a) => expect(a.data).toMatchObject({ isConnected: false }),
        },
        invalid: { input: { id: sourceId, deep: true }, field: 'deep' },
        memberRefused: { input: { id: sourceId } },
      },
      {
        path: 'dataSources.ofType',
        kind: 'query',
        success: {
          input: { type: 'prometheus' },
          as: 'member',
          expect: (a) => expect(a.data).toEqual([{ id: sourceId, name: 'prom', type: 'prometheus' }]),
        },
        invalid: { input: { type: 'api' }, field: 'type' },
      },
      {
        path: 'alertRules.types',
        kind: 'query',
        success: {
          as: 'member',
          expect: (a) => expect(a.data).toEqual(expect.arrayContaining(['api', 'prometheus'])),
        },
      },
      {
        path: 'alertRules.filterEndpoints',
        kind: 'query',
        success: { as: 'member', expect: (a) => expect(a.data).toEqual([]) },
      },
      {
        path: 'alertRules.createData.zabbix',
        kind: 'query',
        success: {
          as: 'member',
          expect: (a) =>
            expect(a.data).toMatchObject({
              hosts: [],
              actions: [],
              severities: expect.arrayContaining([expect.anything()]),
            }),
        },
      },
      {
        path: 'alertRules.createData.rules',
        kind: 'query',
        // The source does not answer (no querying in this process): BAD_GATEWAY, as REST's 502.
        success: {
          input: { type: 'prometheus', dataSourceId: sourceId },
          as: 'member',
          expect: (a) =>
            expect(a.error?.data).toMatchObject({ code: 'BAD_GATEWAY', domainCode: 'source_unavailable' }),
        },
        invalid: { input: { type: 'api', dataSourceId: sourceId }, field: 'type' },
      },
      {
        path: 'alertRules.createData.preview',
        kind: 'query',
        // The text query is run against the source, which does not answer: BAD_GATEWAY naming it.
        success: {
          input: { type: 'prometheus', settings: { queryType: 'textQuery', queryText: 'up == 0' } },
          as: 'member',
          expect: (a) => {
            expect(a.error?.data).toMatchObject({ code: 'BAD_GATEWAY', domainCode: 'source_unavailable' });
            expect(a.error?.message).toContain('"prom"');
          },
        },
        // An api rule runs no query: nothing to preview.
        invalid: { input: { type: 'api', settings: {} }, field: 'type' },
      },
      {
        path: 'behaviorRules.previewTemplate',
        kind: 'mutation',
        success: {
          input: { alertRuleId: ruleId, template: '{{ rule.name }}' },
          as: 'admin',
          expect: (a) =>
            expect(a.data).toEqual({ status: true, text: 'trpc forms rule', alertEventId: null }),
        },
        invalid: { input: { alertRuleId: ruleId }, field: 'template' },
      },
    ];
  });
  afterAll(async () => {
    await app.close();
    await t.dispose();
  });

  it('answers each procedure through its use case', async () => {
    for (const c of cases) {
      const answer = await rpc[c.kind](c.path, c.success.input, tokens[c.success.as]);
      c.success.expect(answer);
    }
  });

  it('refuses bad input at its field path', async () => {
    for (const c of cases.filter((x) => x.invalid)) {
      const answer = await rpc[c.kind](c.path, c.invalid?.input, tokens.admin);
      expect(answer.status, c.path).toBe(422);
      expect(Object.keys(answer.error?.data.fieldErrors ?? {}), c.path).toContain(c.invalid?.field);
    }
  });

  it('refuses members where the use case is for owners and managers, and everyone without a token', async () => {
    for (const c of cases) {
      if (c.memberRefused) {
        const answer = await rpc[c.kind](c.path, c.memberRefused.input, tokens.member);
        expect(answer.error?.data, c.path).toMatchObject({ code: 'FORBIDDEN', domainCode: 'forbidden' });
      }
      expect((await rpc[c.kind](c.path, c.success.input)).error?.data.code, c.path).toBe('UNAUTHORIZED');
    }
    // A rule the member may not see is not found, for the template preview as for its reads.
    const preview = await rpc.mutation(
      'behaviorRules.previewTemplate',
      { alertRuleId: ruleId, template: '{{ rule.name }}' },
      tokens.member,
    );
    expect(preview.error?.data).toMatchObject({ code: 'NOT_FOUND', domainCode: 'not_found' });
  });

  it('dataSources.delete: refuses a member and bad input, then deletes', async () => {
    const created = await rpc.mutation(
      'dataSources.create',
      { name: 'doomed', type: 'prometheus', url: 'http://127.0.0.1:9' },
      tokens.admin,
    );
    const { id } = created.data as { id: string };
    expect((await rpc.mutation('dataSources.delete', { id }, tokens.member)).error?.data.code).toBe(
      'FORBIDDEN',
    );
    const bad = await rpc.mutation('dataSources.delete', { id, force: true }, tokens.admin);
    expect(bad.error?.data.fieldErrors).toHaveProperty('force');
    expect((await rpc.mutation('dataSources.delete', { id }, tokens.admin)).data).toMatchObject({
      id,
      name: 'doomed',
    });
    expect((await rpc.query('dataSources.get', { id }, tokens.admin)).error?.data.code).toBe('NOT_FOUND');
  });
});
