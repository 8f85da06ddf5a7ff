import { Endpoint, User } from '@oncall/core/persistence';
import { ADMIN, createTestCore, type TestCore } from '@oncall/testing';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerTrpc } from '../src/index';
import { trpcHttp } from './trpc-http';

/**
 * `ackLinks.*`: a message's acknowledge link for a client that draws the `/ack/<token>` page. The
 * signed token is the authority, without a session; reading changes nothing.
 */
describe('tRPC acknowledge links', () => {
  let t: TestCore;
  let app: FastifyInstance;
  let rpc: ReturnType<typeof trpcHttp>;
  let admin: string;
  let endpointId: string;

  const login = async (username: string, password: string) =>
    ((await rpc.mutation('auth.login', { username, password })).data as { accessToken: string }).accessToken;

  /** A rule paging the admin's endpoint, one instance firing, and that episode's link. */
  const firingLink = async (name: string) => {
    const rule = (
      await rpc.mutation('alertRules.create', { type: 'api', name, endpointIds: [endpointId] }, admin)
    ).data as { id: string; apiToken: string };
    await t.core.ingestion.fire(rule.apiToken, { alertname: 'cpu', instance: 'app-1' });
    const episodes = (await rpc.query('episodes.list', { ruleId: rule.id }, admin)).data as {
      items: { episodeId: string }[];
    };
    const episodeId = episodes.items[0]?.episodeId ?? '';
    return { rule, episodeId, token: t.core.ackLinks.sign({ ruleId: rule.id, episodeId, endpointId }) };
  };

  beforeAll(async () => {
    t = await createTestCore();
    app = Fastify();
    await registerTrpc(app, { core: t.core, prefix: '/trpc' });
    await app.ready();
    rpc = trpcHttp(app);
    admin = await login(ADMIN.username, ADMIN.password);
    const em = t.core.orm.em.fork();
    const owner = await em.findOneOrFail(User, { username: ADMIN.username });
    const endpoint = em.create(Endpoint, {
      name: 'pager',
      type: 'sms',
      destination: { value: '09120000009' },
      owner,
    });
    await em.flush();
    endpointId = endpoint.id;
  });
  afterAll(async () => {
    await app.close();
    await t.dispose();
  });

  it('shows the episode without acknowledging it, then acknowledges it once as the endpoint’s owner', async () => {
    const link = await firingLink('trpc ack link');
    const seen = await rpc.query('ackLinks.inspect', { token: link.token });
    expect(seen.status).toBe(200);
    expect(seen.data).toMatchObject({
      state: 'open',
      facts: { ruleName: 'trpc ack link', instance: 'app-1', endpointName: 'pager', acknowledgedAt: null },
    });
    expect((await rpc.query('ackLinks.inspect', { token: link.token })).data).toMatchObject({
      state: 'open',
    });

    const acked = await rpc.mutation('ackLinks.acknowledge', { token: link.token });
    expect(acked.data).toMatchObject({
      acknowledgedNow: true,
      view: { state: 'acknowledged', facts: { acknowledgedBy: 'System Administrator' } },
    });
    expect((await rpc.mutation('ackLinks.acknowledge', { token: link.token })).data).toMatchObject({
      acknowledgedNow: false,
      view: { state: 'acknowledged' },
    });
    const episodes = await rpc.query('episodes.list', { ruleId: link.rule.id }, admin);
    expect(episodes.data).toMatchObject({
      items: [
        {
          episodeId: link.episodeId,
          acknowledgedBy: { username: ADMIN.username, name: 'System Administrator' },
        },
      ],
    });
  });

  it('refuses a missing, empty or extra field at its path', async () => {
    for (const [input, field] of [
      [{}, 'token'],
      [{ token: '' }, 'token'],
      [{ token: 'x'.repeat(2049) }, 'token'],
      [{ token: 'abc', ruleId: 'x' }, 'ruleId'],
    ] as const) {
      for (const answer of [
        await rpc.query('ackLinks.inspect', input),
        await rpc.mutation('ackLinks.acknowledge', input),
      ]) {
        expect(answer.status).toBe(422);
        expect(answer.error?.data.fieldErrors).toHaveProperty(field);
      }
    }
  });

  it('acknowledges nothing with a link it did not sign, or one whose episode has ended', async () => {
    const link = await firingLink('trpc ack link refused');
    const forged = `${link.token.slice(0, -4)}AAAA`;
    expect((await rpc.query('ackLinks.inspect', { token: forged })).data).toEqual({ state: 'forged' });
    expect((await rpc.mutation('ackLinks.acknowledge', { token: forged })).data).toEqual({
      view: { state: 'forged' },
      acknowledgedNow: false,
    });
    expect((await rpc.query('alerts.triggered', { id: link.rule.id }, admin)).data).toMatchObject({
      instances: [{ acknowledgedAt: null }],
    });

    await rpc.mutation('alerts.resolve', { id: link.rule.id }, admin);
    expect((await rpc.mutation('ackLinks.acknowledge', { token: link.token })).data).toMatchObject({
      view: { state: 'closed' },
      acknowledgedNow: false,
    });
  });
});
