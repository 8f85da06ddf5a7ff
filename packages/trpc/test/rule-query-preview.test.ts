import { loadPluginRegistry } from '@oncall/built-ins';
import type { DataSourceQuerier } from '@oncall/core';
import { type FakePrometheus, startFakePrometheus } from '@oncall/fakes';
import { ADMIN, createTestCore, type TestCore } from '@oncall/testing';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerTrpc } from '../src/index';
import { trpcHttp } from './trpc-http';

/** Runs a query hook straight against the fake (the server's querier adds address guards and limits). */
const directQuerier: DataSourceQuerier = {
  async query(target, run) {
    const quiet = () => undefined;
    try {
      const value = await run(target.connection, {
        fetch: (input, init) => fetch(input, init),
        logger: { debug: quiet, info: quiet, warn: quiet, error: quiet },
        clock: { now: () => new Date() },
      });
      return { ok: true, value };
    } catch (error) {
      return { ok: false, reason: error instanceof Error ? error.message : 'failed' };
    }
  },
};

describe('tRPC alertRules.createData.preview', () => {
  let t: TestCore;
  let app: FastifyInstance;
  let rpc: ReturnType<typeof trpcHttp>;
  let admin: string;
  let prometheus: FakePrometheus;

  beforeAll(async () => {
    prometheus = await startFakePrometheus({
      series: [
        { labels: { job: 'node', instance: 'db-1' }, value: '0' },
        { labels: { job: 'node', instance: 'db-2' }, value: '0' },
      ],
    });
    t = await createTestCore({}, { plugins: await loadPluginRegistry(), dataSourceQuerier: directQuerier });
    app = Fastify();
    await registerTrpc(app, { core: t.core, prefix: '/trpc' });
    await app.ready();
    rpc = trpcHttp(app);
    const login = await rpc.mutation('auth.login', { username: ADMIN.username, password: ADMIN.password });
    admin = (login.data as { accessToken: string }).accessToken;
    await rpc.mutation(
      'dataSources.create',
      { name: 'prom-up', type: 'prometheus', url: prometheus.url },
      admin,
    );
  });
  afterAll(async () => {
    await app.close();
    await t.dispose();
    await prometheus.close();
  });

  it('runs the text query once and shows what would fire, storing nothing', async () => {
    const answer = await rpc.query(
      'alertRules.createData.preview',
      { type: 'prometheus', settings: { queryType: 'textQuery', queryText: 'up == 0' } },
      admin,
    );
    expect(answer.status).toBe(200);
    expect(answer.data).toMatchObject({
      sources: [
        {
          name: 'prom-up',
          firing: 2,
          alerts: [
            expect.objectContaining({ labels: expect.objectContaining({ instance: 'db-1' }) }),
            expect.objectContaining({ labels: expect.objectContaining({ instance: 'db-2' }) }),
          ],
        },
      ],
    });
    expect(prometheus.requests.some((request) => request.query.query === 'up == 0')).toBe(true);
    const rules = await rpc.query('alertRules.list', {}, admin);
    expect((rules.data as { total: number }).total).toBe(0);
  });

  it('refuses to create a text-query rule whose PromQL the source cannot parse, at queryText', async () => {
    const rule = {
      type: 'prometheus',
      name: 'checked on save',
      queryType: 'textQuery',
      queryText: 'up == 0 and',
      queryObject: { interval: '1m' },
    };
    prometheus.setMode('error');
    try {
      const refused = await rpc.mutation('alertRules.create', rule, admin);
      expect(refused.status).toBe(422);
      expect(refused.error?.data.fieldErrors).toEqual({
        queryText: [
          'The data source "prom-up" refused the query: invalid parameter "query": 1:9: parse error: unexpected end of input',
        ],
      });
    } finally {
      prometheus.setMode('answer');
    }
    const created = await rpc.mutation('alertRules.create', rule, admin);
    expect(created.status).toBe(200);
    expect(created.data).not.toHaveProperty('warnings');
  });
});
