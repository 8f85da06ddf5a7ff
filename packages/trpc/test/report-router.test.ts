import { ADMIN, createTestCore, type TestCore } from '@oncall/testing';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerTrpc } from '../src/index';
import { trpcHttp } from './trpc-http';

/** `reports.*`: core's reporting over tRPC, only ever over the rules the caller may see. */
describe('tRPC reports', () => {
  let t: TestCore;
  let app: FastifyInstance;
  let rpc: ReturnType<typeof trpcHttp>;
  let admin: string;
  let member: string;
  let hidden: { id: string; apiToken: string };
  let shared: { id: string; apiToken: string };

  const login = async (username: string, password: string) =>
    ((await rpc.mutation('auth.login', { username, password })).data as { accessToken: string }).accessToken;

  beforeAll(async () => {
    t = await createTestCore();
    app = Fastify();
    await registerTrpc(app, { core: t.core, prefix: '/trpc' });
    await app.ready();
    rpc = trpcHttp(app);
    admin = await login(ADMIN.username, ADMIN.password);
    const memberId = await t.createUser('report-member', 'member', 'member-pass-1');
    member = await login('report-member', 'member-pass-1');
    const create = async (name: string, userIds: string[]) =>
      (
        await rpc.mutation(
          'alertRules.create',
          { type: 'api', name, userIds, enableAutoResolve: false },
          admin,
        )
      ).data as { id: string; apiToken: string };
    hidden = await create('report hidden', []);
    shared = await create('report shared', [memberId]);
    for (const instance of ['a', 'b', 'c']) {
      await t.core.ingestion.fire(hidden.apiToken, { alertname: 'x', instance });
    }
    await t.core.ingestion.fire(shared.apiToken, { alertname: 'y', instance: 'a' });
    t.clock.advance(60_000);
    await rpc.mutation('alerts.acknowledge', { id: shared.id }, admin);
    t.clock.advance(60_000);
    await rpc.mutation('alerts.resolve', { id: shared.id }, admin);
  });
  afterAll(async () => {
    await app.close();
    await t.dispose();
  });

  it('ranks the noisiest rules with their names, a member seeing only its own', async () => {
    const all = (await rpc.query('reports.noisiestRules', { first: 5 }, admin)).data as {
      ruleName: string;
      fires: number;
    }[];
    expect(all.map((r) => [r.ruleName, r.fires])).toEqual([
      ['report hidden', 3],
      ['report shared', 1],
    ]);
    const mine = (await rpc.query('reports.noisiestRules', undefined, member)).data as { ruleName: string }[];
    expect(mine.map((r) => r.ruleName)).toEqual(['report shared']);
  });

  it('gives time to acknowledge and resolve per rule, and refuses another rule by id', async () => {
    const perRule = (await rpc.query('reports.responseTimes', { groupBy: 'rule' }, member)).data as {
      key: { ruleId: string };
      acknowledged: number;
      mtta: { mean: number } | null;
      mttr: { mean: number } | null;
    }[];
    expect(perRule).toHaveLength(1);
    expect(perRule[0]).toMatchObject({ key: { ruleId: shared.id }, acknowledged: 1 });
    expect(perRule[0]?.mtta?.mean).toBe(60);
    expect(perRule[0]?.mttr?.mean).toBe(120);
    const refused = await rpc.query('reports.responseTimes', { ruleIds: [hidden.id] }, member);
    expect(refused.status).toBe(404);
  });

  it('reports delivery per channel, and answers 422 at the field for a bad range', async () => {
    expect((await rpc.query('reports.deliveryStats', undefined, member)).status).toBe(200);
    const bad = await rpc.query(
      'reports.deliveryStats',
      { from: '2026-02-01T00:00:00Z', to: '2026-01-01T00:00:00Z' },
      member,
    );
    expect(bad.status).toBe(422);
  });
});
