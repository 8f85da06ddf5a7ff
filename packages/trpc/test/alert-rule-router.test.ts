import { loadPluginRegistry } from '@oncall/built-ins';
import { ADMIN, createTestCore, type TestCore } from '@oncall/testing';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerTrpc } from '../src/index';
import { trpcHttp } from './trpc-http';

interface RuleAnswer {
  id: string;
  name: string;
  type: string;
  apiToken?: string;
  tags: string[];
  silentStatus: string;
}

describe('tRPC alert rules', () => {
  let t: TestCore;
  let app: FastifyInstance;
  let rpc: ReturnType<typeof trpcHttp>;
  let admin: string;
  let member: { id: string; token: string };

  const login = async (username: string, password: string) =>
    ((await rpc.mutation('auth.login', { username, password })).data as { accessToken: string }).accessToken;

  beforeAll(async () => {
    // As ALERT_GROUP_INTERVAL_SECONDS would set it: the rule form's Grouping section reads it back.
    t = await createTestCore({ defaultGroupIntervalSeconds: 120 }, { plugins: await loadPluginRegistry() });
    app = Fastify();
    await registerTrpc(app, { core: t.core, prefix: '/trpc' });
    await app.ready();
    rpc = trpcHttp(app);
    admin = await login(ADMIN.username, ADMIN.password);
    const id = await t.createUser('trpc-rule-member', 'member', 'member-pass-1');
    member = { id, token: await login('trpc-rule-member', 'member-pass-1') };
  });
  afterAll(async () => {
    await app.close();
    await t.dispose();
  });

  it('creates, lists with filters, updates, pins, silences and deletes through the same use cases', async () => {
    const created = await rpc.mutation(
      'alertRules.create',
      { type: 'api', name: 'trpc api rule', tags: ['prod'], userIds: [member.id], enableAutoResolve: false },
      admin,
    );
    expect(created.status).toBe(200);
    const rule = created.data as RuleAnswer;
    expect(rule).toMatchObject({ type: 'api', tags: ['prod'], enableAutoResolve: false });
    expect(rule.apiToken).toMatch(/^ak_/);
    await rpc.mutation(
      'alertRules.create',
      { type: 'prometheus', name: 'trpc prom rule', queryType: 'textQuery', queryText: 'up == 0' },
      admin,
    );

    const filtered = await rpc.query('alertRules.list', { tags: ['prod'], status: ['unknown'] }, admin);
    expect(filtered.data).toMatchObject({ total: 1, page: 1, perPage: 25, items: [{ id: rule.id }] });
    expect((await rpc.query('alertRules.list', undefined, admin)).data).toMatchObject({ total: 2 });
    // The member sees only the rule shared with it, without the token.
    const mine = (await rpc.query('alertRules.list', undefined, member.token)).data as {
      items: RuleAnswer[];
    };
    expect(mine.items.map((r) => r.id)).toEqual([rule.id]);
    expect(mine.items[0]).not.toHaveProperty('apiToken');

    const updated = await rpc.mutation('alertRules.update', { id: rule.id, autoResolveMinutes: 9 }, admin);
    expect(updated.data).toMatchObject({ autoResolveMinutes: 9 });
    const forbidden = await rpc.mutation(
      'alertRules.update',
      { id: rule.id, description: 'x' },
      member.token,
    );
    expect(forbidden.status).toBe(403);

    expect((await rpc.mutation('alertRules.pin', { id: rule.id }, member.token)).data).toMatchObject({
      pinned: true,
    });
    expect((await rpc.mutation('alertRules.silent', { id: rule.id }, member.token)).data).toMatchObject({
      silentStatus: 'silent',
    });
    expect((await rpc.query('alertRules.tags.all', undefined, member.token)).data).toEqual(['prod']);
    const group = await rpc.mutation('alertRules.group.unsilent', { alertname: 'trpc' }, member.token);
    expect(group.data).toEqual({ status: true, matched: 1, changed: 1 });

    expect((await rpc.mutation('alertRules.delete', { id: rule.id }, admin)).data).toMatchObject({
      outcome: 'deleted',
    });
    expect((await rpc.query('alertRules.get', { id: rule.id }, admin)).status).toBe(404);
  });

  it('refuses unknown fields (strict inputs) and invalid bodies with field paths', async () => {
    const extra = await rpc.mutation(
      'alertRules.create',
      { type: 'notification', name: 'strict', color: 'red' },
      admin,
    );
    expect(extra.status).toBe(422);
    expect(extra.error?.data.fieldErrors).toEqual({ color: ['The color field is not allowed.'] });
    const zabbix = await rpc.mutation(
      'alertRules.create',
      { type: 'zabbix', name: 'z', dataSourceIds: [], severities: ['7'] },
      admin,
    );
    expect(Object.keys(zabbix.error?.data.fieldErrors ?? {}).sort()).toEqual([
      'dataSourceIds',
      'severities.0',
    ]);
    const grouping = await rpc.mutation(
      'alertRules.create',
      { type: 'api', name: 'bad grouping', groupInterval: 86_401, groupBy: [''], repeatInterval: -5 },
      admin,
    );
    expect(grouping.status).toBe(422);
    expect(Object.keys(grouping.error?.data.fieldErrors ?? {}).sort()).toEqual([
      'groupBy.0',
      'groupInterval',
      'repeatInterval',
    ]);
    const grouped = await rpc.mutation(
      'alertRules.create',
      { type: 'api', name: 'trpc grouped rule', groupInterval: 120, groupBy: ['region'] },
      admin,
    );
    expect(grouped.data).toMatchObject({ groupInterval: 120, groupBy: ['region'], repeatInterval: 0 });
    const legacyStatus = await rpc.query('alertRules.list', { 'status[]': ['critical'] }, admin);
    expect(legacyStatus.status).toBe(422);
    const silentOnDelete = await rpc.mutation('alertRules.group.delete', { silentStatus: 'silent' }, admin);
    expect(silentOnDelete.error?.data.fieldErrors).toHaveProperty('silentStatus');
  });

  it('serves the form data, and the external lists with the sources they were read from', async () => {
    const options = await rpc.query('alertRules.createData.options', undefined, member.token);
    expect(options.data).toMatchObject({ types: expect.arrayContaining(['api', 'victoria_logs']) });
    const grouping = await rpc.query('alertRules.createData.grouping', undefined, member.token);
    expect(grouping.data).toEqual({ defaultGroupInterval: 120 });
    // No data source here: an empty list that says no source was asked.
    const labels = await rpc.query('alertRules.createData.labels', undefined, member.token);
    expect(labels.data).toEqual({ data: [], meta: { sources: [] } });
    const badLabel = await rpc.query(
      'alertRules.createData.labelValues',
      { label: 'job-name' },
      member.token,
    );
    expect(badLabel.status).toBe(422);
    expect(Object.keys(badLabel.error?.data.fieldErrors ?? {})).toEqual(['label']);
  });
});
