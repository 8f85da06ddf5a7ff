import { ADMIN, createTestCore, type TestCore } from '@oncall/testing';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerTrpc } from '../src/index';
import { type TrpcAnswer, trpcHttp } from './trpc-http';

interface Rule {
  id: string;
  apiToken: string;
}

/**
 * `alerts.*` (history, triggered, status timeline, acknowledge, resolve) and `episodes.list`: the
 * same use cases as REST's `/alert-rule/...`, with their access check. A member the rule is not
 * shared with is answered as for a rule that does not exist (NOT_FOUND), as REST does.
 */
describe('tRPC alerts and episodes', () => {
  let t: TestCore;
  let app: FastifyInstance;
  let rpc: ReturnType<typeof trpcHttp>;
  let admin: string;
  let shared: { id: string; token: string };
  let stranger: string;

  const login = async (username: string, password: string) =>
    ((await rpc.mutation('auth.login', { username, password })).data as { accessToken: string }).accessToken;
  const createRule = async (name: string) =>
    (
      await rpc.mutation(
        'alertRules.create',
        { type: 'api', name, userIds: [shared.id], enableAutoResolve: false },
        admin,
      )
    ).data as Rule;
  const fire = (rule: Rule, instance: string) =>
    t.core.ingestion.fire(rule.apiToken, {
      alertname: 'disk_full',
      instance,
      description: `full on ${instance}`,
    });
  const expectRefused = (answer: TrpcAnswer, code: string, domainCode: string) => {
    expect(answer.error?.data).toMatchObject({ code, domainCode });
    expect(answer.data).toBeUndefined();
  };

  beforeAll(async () => {
    t = await createTestCore();
    app = Fastify();
    await registerTrpc(app, { core: t.core, prefix: '/trpc' });
    await app.ready();
    rpc = trpcHttp(app);
    admin = await login(ADMIN.username, ADMIN.password);
    const id = await t.createUser('trpc-alerts-shared', 'member', 'member-pass-1');
    shared = { id, token: await login('trpc-alerts-shared', 'member-pass-1') };
    await t.createUser('trpc-alerts-stranger', 'member', 'member-pass-2');
    stranger = await login('trpc-alerts-stranger', 'member-pass-2');
  });
  afterAll(async () => {
    await app.close();
    await t.dispose();
  });

  it('shows what fires, acknowledges it as the shared member, and resolves it by hand', async () => {
    const rule = await createRule('trpc alerts disk');
    await fire(rule, 'db-1');
    await fire(rule, 'db-2');

    const triggered = await rpc.query('alerts.triggered', { id: rule.id }, shared.token);
    expect(triggered.status).toBe(200);
    expect(triggered.data).toMatchObject({ alertRuleId: rule.id, type: 'api', state: 'critical' });
    const instances = (triggered.data as { instances: { instance: string; acknowledgedAt: null }[] })
      .instances;
    expect(instances.map((i) => i.instance).sort()).toEqual(['db-1', 'db-2']);
    expect(triggered.data).toMatchObject({ total: 2 });
    // A storm's instances are not all sent: the newest `limit` of them, and how many fire in all.
    const newest = await rpc.query('alerts.triggered', { id: rule.id, limit: 1 }, shared.token);
    expect(newest.data).toMatchObject({ total: 2 });
    expect((newest.data as { instances: unknown[] }).instances).toHaveLength(1);

    const ack = await rpc.mutation('alerts.acknowledge', { id: rule.id }, shared.token);
    expect(ack.data).toEqual({ status: true, message: 'Alert rule acknowledged.' });
    expect((await rpc.mutation('alerts.acknowledge', { id: rule.id }, shared.token)).data).toMatchObject({
      status: false,
    });

    const resolved = await rpc.mutation('alerts.resolve', { id: rule.id }, admin);
    expect(resolved.data).toEqual({ status: true, message: 'Alert rule resolved.' });
    expect((await rpc.query('alerts.triggered', { id: rule.id }, admin)).data).toMatchObject({
      state: 'resolved',
      instances: [],
    });
    expect((await rpc.mutation('alerts.resolve', { id: rule.id }, admin)).data).toEqual({
      status: false,
      message: 'Alert rule is not firing.',
    });

    const history = await rpc.query('alerts.history', { id: rule.id, perPage: 2 }, shared.token);
    expect(history.data).toMatchObject({ total: 5, page: 1, perPage: 2 });
    const kinds = async (page: number) =>
      (
        (await rpc.query('alerts.history', { id: rule.id, page }, admin)).data as {
          items: { kind: string }[];
        }
      ).items.map((e) => e.kind);
    expect((await kinds(1)).sort()).toEqual(['acknowledged', 'fired', 'fired', 'resolved', 'resolved']);

    const now = Math.floor(Date.now() / 1000);
    const timeline = await rpc.query(
      'alerts.statusTimeline',
      { alertRuleIds: [rule.id], fromTime: now - 3600, toTime: now + 60, bucketCount: 10 },
      shared.token,
    );
    expect(timeline.data).toMatchObject([{ alertRuleId: rule.id, name: 'trpc alerts disk', type: 'api' }]);
    const segments = (timeline.data as { segments: { status: string }[] }[])[0]?.segments ?? [];
    expect(segments.map((s) => s.status)).toContain('critical');
  });

  it('lists a rule’s episodes newest first, each with its fire, acknowledgement and resolve', async () => {
    const rule = await createRule('trpc episodes');
    await fire(rule, 'web-1');
    await rpc.mutation('alerts.acknowledge', { id: rule.id }, shared.token);
    await rpc.mutation('alerts.resolve', { id: rule.id }, admin);
    // The same instance fires again: a second episode, its first one's acknowledgement kept.
    await fire(rule, 'web-1');

    const page = await rpc.query('episodes.list', { ruleId: rule.id }, shared.token);
    expect(page.status).toBe(200);
    const { items, total } = page.data as {
      total: number;
      items: {
        episodeId: string;
        instance: string;
        state: string;
        firedAt: string;
        acknowledgedAt: string | null;
        acknowledgedBy: { id: string; username: string } | null;
        resolvedAt: string | null;
        eventCount: number;
      }[];
    };
    expect(total).toBe(2);
    const [open, past] = items;
    expect(open).toMatchObject({
      instance: 'web-1',
      state: 'critical',
      acknowledgedAt: null,
      resolvedAt: null,
    });
    expect(open?.eventCount).toBe(1);
    expect(past).toMatchObject({
      instance: 'web-1',
      state: 'resolved',
      acknowledgedBy: { id: shared.id, username: 'trpc-alerts-shared' },
      eventCount: 2,
    });
    expect(past?.acknowledgedAt).not.toBeNull();
    expect(past?.resolvedAt).not.toBeNull();
    expect(open?.episodeId).not.toBe(past?.episodeId);
    expect(Date.parse(open?.firedAt ?? '')).toBeGreaterThanOrEqual(Date.parse(past?.resolvedAt ?? ''));

    const second = await rpc.query('episodes.list', { ruleId: rule.id, page: 2, perPage: 1 }, admin);
    expect(second.data).toMatchObject({
      total: 2,
      page: 2,
      perPage: 1,
      items: [{ episodeId: past?.episodeId }],
    });
  });

  it('refuses unknown fields and bad values, at their field paths', async () => {
    const rule = await createRule('trpc alerts validation');
    const cases: [string, 'query' | 'mutation', unknown, string][] = [
      ['alerts.history', 'query', { id: rule.id, from: '2026-13-40 99:99' }, 'from'],
      ['alerts.history', 'query', { id: rule.id, sort: 'asc' }, 'sort'],
      ['alerts.triggered', 'query', {}, 'id'],
      ['alerts.triggered', 'query', { id: rule.id, extra: 1 }, 'extra'],
      ['alerts.triggered', 'query', { id: rule.id, limit: 0 }, 'limit'],
      ['alerts.acknowledge', 'mutation', { id: rule.id, note: 'x' }, 'note'],
      ['alerts.resolve', 'mutation', { id: 42 }, 'id'],
      ['alerts.statusTimeline', 'query', { alertRuleIds: [rule.id], fromTime: 100, toTime: 50 }, 'toTime'],
      ['alerts.statusTimeline', 'query', { alertRuleIds: [], fromTime: 0, toTime: 50 }, 'alertRuleIds'],
      ['episodes.list', 'query', { ruleId: rule.id, perPage: 'many' }, 'perPage'],
      ['episodes.list', 'query', { ruleId: rule.id, order: 'asc' }, 'order'],
      ['episodes.deliveryLog', 'query', { episodeId: rule.id }, 'ruleId'],
      ['episodes.deliveryLog', 'query', { ruleId: rule.id, page: 'x' }, 'page'],
    ];
    for (const [path, kind, input, field] of cases) {
      const answer = await rpc[kind](path, input, admin);
      expect(answer.status, path).toBe(422);
      expect(answer.error?.data.domainCode, path).toBe('validation_failed');
      expect(Object.keys(answer.error?.data.fieldErrors ?? {}), `${path} ${JSON.stringify(input)}`).toContain(
        field,
      );
    }
  });

  it('answers NOT_FOUND to a member the rule is not shared with, and UNAUTHORIZED without a token', async () => {
    const rule = await createRule('trpc alerts private');
    await fire(rule, 'db-9');
    const calls: [string, 'query' | 'mutation', unknown][] = [
      ['alerts.history', 'query', { id: rule.id }],
      ['alerts.triggered', 'query', { id: rule.id }],
      ['alerts.acknowledge', 'mutation', { id: rule.id }],
      ['alerts.resolve', 'mutation', { id: rule.id }],
      ['episodes.list', 'query', { ruleId: rule.id }],
      ['episodes.deliveryLog', 'query', { ruleId: rule.id }],
    ];
    for (const [path, kind, input] of calls) {
      expectRefused(await rpc[kind](path, input, stranger), 'NOT_FOUND', 'not_found');
      expectRefused(await rpc[kind](path, input), 'UNAUTHORIZED', 'unauthenticated');
    }
    // The timeline leaves out the rules the caller may not see, as REST does.
    const now = Math.floor(Date.now() / 1000);
    const timeline = { alertRuleIds: [rule.id], fromTime: now - 600, toTime: now + 60 };
    expect((await rpc.query('alerts.statusTimeline', timeline, stranger)).data).toEqual([]);
    expectRefused(await rpc.query('alerts.statusTimeline', timeline), 'UNAUTHORIZED', 'unauthenticated');
    // Nothing the stranger tried changed the rule.
    expect((await rpc.query('alerts.triggered', { id: rule.id }, admin)).data).toMatchObject({
      state: 'critical',
      instances: [{ instance: 'db-9', acknowledgedAt: null }],
    });
  });
});
