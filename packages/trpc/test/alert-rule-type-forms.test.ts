import { loadPluginRegistry } from '@oncall/built-ins';
import { ADMIN, createTestCore, type TestCore } from '@oncall/testing';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerTrpc } from '../src/index';
import { trpcHttp } from './trpc-http';

interface Form {
  type: string;
  queryType?: string;
  fields: { name: string; kind: string; required: boolean; default?: unknown; options?: string[] }[];
}

describe('tRPC alertRules.typeForms', () => {
  let t: TestCore;
  let app: FastifyInstance;
  let rpc: ReturnType<typeof trpcHttp>;
  let admin: string;

  beforeAll(async () => {
    t = await createTestCore({}, { plugins: await loadPluginRegistry() });
    app = Fastify();
    await registerTrpc(app, { core: t.core, prefix: '/trpc' });
    await app.ready();
    rpc = trpcHttp(app);
    const login = await rpc.mutation('auth.login', { username: ADMIN.username, password: ADMIN.password });
    admin = (login.data as { accessToken: string }).accessToken;
  });
  afterAll(async () => {
    await app.close();
    await t.dispose();
  });

  it('gives each type (and query type) the form its declared fields make, common fields left out', async () => {
    const answer = await rpc.query('alertRules.typeForms', undefined, admin);
    expect(answer.status).toBe(200);
    const forms = answer.data as Form[];
    const find = (type: string, queryType?: string) =>
      forms.find((form) => form.type === type && form.queryType === queryType);
    expect(find('api')?.fields).toEqual([
      { name: 'enableAutoResolve', kind: 'boolean', required: false, default: false },
      { name: 'autoResolveMinutes', kind: 'integer', required: false, min: 1, max: 43200 },
    ]);
    expect(find('notification')?.fields).toEqual([]);
    expect(find('prometheus', 'textQuery')?.fields.map((field) => [field.name, field.kind])).toEqual([
      ['queryText', 'longText'],
      ['queryObject', 'json'],
      ['dataSourceIds', 'textList'],
    ]);
    expect(find('prometheus', 'dynamic')?.fields.find((field) => field.name === 'extraField')?.kind).toBe(
      'keyValueList',
    );
    expect(find('zabbix')?.fields.find((field) => field.name === 'severities')).toMatchObject({
      kind: 'choiceList',
      options: ['0', '1', '2', '3', '4', '5'],
    });
    expect(find('elastic')?.fields.find((field) => field.name === 'conditionType')).toMatchObject({
      kind: 'choice',
      required: true,
    });
    for (const form of forms) {
      expect(form.fields.map((field) => field.name)).not.toContain('name');
    }
  });

  it('is for signed-in callers only', async () => {
    expect((await rpc.query('alertRules.typeForms', undefined)).status).toBe(401);
  });
});
