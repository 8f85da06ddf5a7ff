import { ADMIN, createTestCore, type TestCore } from '@oncall/testing';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerTrpc } from '../src/index';
import { trpcHttp } from './trpc-http';

interface Rule {
  id: string;
  apiToken: string;
}

interface FiringPage {
  items: { instance: string; state: string; rule: { id: string; name: string; isSilent: boolean } }[];
  total: number;
  critical: number;
  warning: number;
}

/** `alerts.firing`: the web UI's Now page, every firing instance of the visible rules in one list. */
describe('tRPC alerts.firing', () => {
  let t: TestCore;
  let app: FastifyInstance;
  let rpc: ReturnType<typeof trpcHttp>;
  let admin: string;
  let member: { id: string; token: string };

  const login = async (username: string, password: string) =>
    ((await rpc.mutation('auth.login', { username, password })).data as { accessToken: string }).accessToken;
  const createRule = async (name: string, userIds: string[] = []) =>
    (await rpc.mutation('alertRules.create', { type: 'api', name, userIds, enableAutoResolve: false }, admin))
      .data as Rule;
  const fire = (rule: Rule, instance: string, status: 'critical' | 'warning' | 'resolved' = 'critical') =>
    t.core.ingestion.status(rule.apiToken, { alertname: 'disk_full', instance, status });
  const firing = async (token: string, input?: unknown) => {
    const answer = await rpc.query('alerts.firing', input, token);
    expect(answer.status).toBe(200);
    return answer.data as FiringPage;
  };

  beforeAll(async () => {
    t = await createTestCore();
    app = Fastify();
    await registerTrpc(app, { core: t.core, prefix: '/trpc' });
    await app.ready();
    rpc = trpcHttp(app);
    admin = await login(ADMIN.username, ADMIN.password);
    const id = await t.createUser('firing-now-member', 'member', 'member-pass-1');
    member = { id, token: await login('firing-now-member', 'member-pass-1') };
  });
  afterAll(async () => {
    await app.close();
    await t.dispose();
  });

  it('lists critical before warning, newest first within a state, and leaves resolved ones out', async () => {
    const shared = await createRule('firing now shared', [member.id]);
    const hidden = await createRule('firing now hidden');
    await fire(shared, 'old-critical');
    t.clock.advance(1000);
    await fire(shared, 'warning-1', 'warning');
    t.clock.advance(1000);
    await fire(shared, 'new-critical');
    t.clock.advance(1000);
    await fire(hidden, 'secret-1');
    await fire(shared, 'gone');
    await fire(shared, 'gone', 'resolved');

    const all = await firing(admin);
    expect(all.items.map((i) => i.instance)).toEqual([
      'secret-1',
      'new-critical',
      'old-critical',
      'warning-1',
    ]);
    expect(all).toMatchObject({ total: 4, critical: 3, warning: 1 });

    // A member sees the rules shared with it, nothing of the others, counts included.
    const mine = await firing(member.token, { page: 1, perPage: 2 });
    expect(mine.items.map((i) => i.instance)).toEqual(['new-critical', 'old-critical']);
    expect(mine).toMatchObject({ total: 3, critical: 2, warning: 1 });
    expect(mine.items[0]?.rule).toMatchObject({ id: shared.id, name: 'firing now shared', isSilent: false });
    const second = await firing(member.token, { page: 2, perPage: 2 });
    expect(second.items.map((i) => i.instance)).toEqual(['warning-1']);

    // Silence is the caller's own.
    await rpc.mutation('alertRules.silent', { id: shared.id }, member.token);
    expect((await firing(member.token)).items[0]?.rule.isSilent).toBe(true);
    expect((await firing(admin)).items.find((i) => i.rule.id === shared.id)?.rule.isSilent).toBe(false);
  });

  it('refuses a caller without a session', async () => {
    expect((await rpc.query('alerts.firing', undefined)).status).toBe(401);
  });
});
