import { Endpoint, ProviderConfig, sealJson, User } from '@oncall/core/persistence';
import { createTestEngine, runPagingToEnd, type TestEngine } from '@oncall/engine/testing';
import { type FakeProviderOne, startFakeProviderOne } from '@oncall/fakes';
import { ADMIN, createTestCore, type TestCore } from '@oncall/testing';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { registerTrpc } from '../src/index';
import { trpcHttp } from './trpc-http';

const WAIT = { timeout: 20_000, interval: 50 };

interface LogEntry {
  type: 'attempt' | 'behavior';
  id: string;
  alertEventId: string;
  eventKind: string;
  episodeId: string | null;
  endpoint: { id: string; name: string | null; channel: string | null };
  providerConfig?: { id: string; name: string | null } | null;
  attempt?: number;
  outcome?: string;
  error: string | null;
  latencyMs?: number | null;
  fallback?: boolean;
  recipient?: Record<string, unknown> | null;
  effect?: string;
  behaviorRuleId?: string;
  createdAt: string;
}
interface LogPage {
  items: LogEntry[];
  total: number;
  page: number;
  perPage: number;
}

/**
 * `episodes.deliveryLog` over attempts the real embedded engine made: an alert fired through core
 * ingestion pages two SMS endpoints (the rule's own, and one a notification behavior rule routes
 * to) through a default provider that refuses the token, so each delivery falls back to the backup.
 */
describe('tRPC delivery log', () => {
  let t: TestCore;
  let testEngine: TestEngine;
  let refusing: FakeProviderOne;
  let backup: FakeProviderOne;
  let app: FastifyInstance;
  let rpc: ReturnType<typeof trpcHttp>;
  let admin: string;
  let shared: { id: string; token: string };
  let stranger: string;
  let configs: { default: string; backup: string };
  let own: string;
  let routed: string;
  let rule: { id: string; apiToken: string };
  let behaviorRuleId: string;

  const login = async (username: string, password: string) =>
    ((await rpc.mutation('auth.login', { username, password })).data as { accessToken: string }).accessToken;
  const log = async (input: Record<string, unknown>, token = admin) =>
    (await rpc.query('episodes.deliveryLog', input, token)).data as LogPage;
  const attemptsOf = (page: LogPage, endpointId: string) =>
    page.items.filter((e) => e.type === 'attempt' && e.endpoint.id === endpointId).reverse();

  beforeAll(async () => {
    t = await createTestCore();
    [refusing, backup] = await Promise.all([startFakeProviderOne(), startFakeProviderOne()]);
    testEngine = await createTestEngine(t);
    if (!testEngine.core) throw new Error('createTestEngine(testCore) builds a delivering core');
    app = Fastify();
    await registerTrpc(app, { core: testEngine.core, prefix: '/trpc' });
    await app.ready();
    rpc = trpcHttp(app);
    admin = await login(ADMIN.username, ADMIN.password);
    const sharedId = await t.createUser('trpc-log-shared', 'member', 'member-pass-1');
    shared = { id: sharedId, token: await login('trpc-log-shared', 'member-pass-1') };
    await t.createUser('trpc-log-stranger', 'member', 'member-pass-2');
    stranger = await login('trpc-log-stranger', 'member-pass-2');

    const em = t.core.orm.em.fork();
    const config = (name: string, url: string, role: 'default' | 'backup') =>
      em.create(ProviderConfig, {
        kind: 'sms',
        name,
        provider: 'providerOne',
        settings: { senderNumber: '1000', baseUrl: url },
        sealedSecrets: sealJson(t.core.secretBox, { apiToken: 'secret-token' }),
        isDefault: role === 'default',
        isBackup: role === 'backup',
      });
    const defaultConfig = config('sms main', refusing.url, 'default');
    const backupConfig = config('sms spare', backup.url, 'backup');
    const adminUser = await em.findOneOrFail(User, { username: ADMIN.username });
    const sms = (name: string, value: string) =>
      em.create(Endpoint, { name, type: 'sms', destination: { value }, owner: adminUser });
    const ownEndpoint = sms('on-call phone', '09120000001');
    const routedEndpoint = sms('dba phone', '09120000002');
    await em.flush();
    configs = { default: defaultConfig.id, backup: backupConfig.id };
    own = ownEndpoint.id;
    routed = routedEndpoint.id;

    rule = (
      await rpc.mutation(
        'alertRules.create',
        { type: 'api', name: 'trpc delivery log', endpointIds: [own], userIds: [sharedId] },
        admin,
      )
    ).data as { id: string; apiToken: string };
    const behavior = await rpc.mutation(
      'behaviorRules.create',
      {
        alertRuleId: rule.id,
        type: 'notification',
        filters: [{ key: 'instance', value: 'db-*' }],
        endpointIds: [routed],
      },
      admin,
    );
    behaviorRuleId = (behavior.data as { rule: { id: string } }).rule.id;

    // Both deliveries' first sends are refused for good (403: bad token): each falls back.
    refusing.failNext(403, { message: 'invalid api token' });
    refusing.failNext(403, { message: 'invalid api token' });
    await testEngine.core.ingestion.fire(rule.apiToken, { alertname: 'disk_full', instance: 'db-1' });
    await vi.waitFor(() => expect(backup.accepted()).toBe(2), WAIT);
    await runPagingToEnd(t.core.orm);
  });
  afterAll(async () => {
    await app.close();
    await testEngine.dispose();
    await Promise.all([refusing.close(), backup.close()]);
    await t.dispose();
  });

  it('names the person a people step paged, and why', async () => {
    const em = t.core.orm.em.fork();
    const adminUser = await em.findOneOrFail(User, { username: ADMIN.username });
    const phone = em.create(Endpoint, {
      name: 'shared phone',
      type: 'sms',
      destination: { value: '09120000009' },
      owner: await em.findOneOrFail(User, { id: shared.id }),
    });
    const flow = em.create(Endpoint, {
      name: 'people flow',
      type: 'flow',
      steps: [{ type: 'user', userId: shared.id }],
      owner: adminUser,
    });
    await em.flush();
    const paging = (
      await rpc.mutation(
        'alertRules.create',
        { type: 'api', name: 'trpc people log', endpointIds: [flow.id] },
        admin,
      )
    ).data as { id: string; apiToken: string };
    await testEngine.core?.ingestion.fire(paging.apiToken, { alertname: 'disk_full', instance: 'web-1' });

    const delivered = await vi.waitFor(async () => {
      const found = (await log({ ruleId: paging.id })).items.find((e) => e.outcome === 'delivered');
      expect(found).toBeDefined();
      return found;
    }, WAIT);
    expect(delivered).toMatchObject({
      endpoint: { id: phone.id, name: 'shared phone' },
      recipient: {
        userId: shared.id,
        name: expect.any(String),
        via: 'user',
        scheduleName: null,
        flowEndpointId: flow.id,
        stepIndex: 0,
      },
    });
  });

  it('lists each attempt with its channel, provider config, outcome, error, latency and fallback, and the routing beside them', async () => {
    const page = await vi.waitFor(async () => {
      const read = await log({ ruleId: rule.id });
      expect(read.total).toBe(5);
      return read;
    }, WAIT);
    expect(page).toMatchObject({ page: 1, perPage: 50 });
    for (const endpointId of [own, routed]) {
      const [refused, delivered] = attemptsOf(page, endpointId);
      expect(refused).toMatchObject({
        eventKind: 'fired',
        endpoint: { id: endpointId, channel: 'sms' },
        providerConfig: { id: configs.default, name: 'sms main' },
        attempt: 1,
        outcome: 'permanent',
        fallback: false,
      });
      expect(refused?.error).toEqual(expect.any(String));
      expect(delivered).toMatchObject({
        providerConfig: { id: configs.backup, name: 'sms spare' },
        attempt: 1,
        outcome: 'delivered',
        error: null,
        fallback: true,
      });
      expect(delivered?.latencyMs).toEqual(expect.any(Number));
      expect(delivered?.alertEventId).toBe(refused?.alertEventId);
      expect(delivered?.episodeId).toEqual(expect.any(String));
    }
    const behaviors = page.items.filter((e) => e.type === 'behavior');
    expect(behaviors).toEqual([
      expect.objectContaining({
        effect: 'routed',
        behaviorRuleId,
        endpoint: { id: routed, name: 'dba phone', channel: 'sms' },
        eventKind: 'fired',
        error: null,
      }),
    ]);
    // Newest first; no secret of the provider configs in the answer.
    const times = page.items.map((e) => Date.parse(e.createdAt));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    expect(JSON.stringify(page)).not.toContain('secret-token');

    const second = await log({ ruleId: rule.id, page: 2, perPage: 2 }, shared.token);
    expect(second).toMatchObject({ total: 5, page: 2, perPage: 2 });
    expect(second.items.map((e) => e.id)).toEqual(page.items.slice(2, 4).map((e) => e.id));
  });

  it('scopes the log to one episode, its acknowledgement notices included', async () => {
    const episodes = (await rpc.query('episodes.list', { ruleId: rule.id }, admin)).data as {
      items: { episodeId: string; instance: string }[];
    };
    const first = episodes.items.find((e) => e.instance === 'db-1');
    if (!first) throw new Error('the fire opened no episode');
    const before = refusing.accepted() + backup.accepted();
    await testEngine.core?.ingestion.fire(rule.apiToken, { alertname: 'disk_full', instance: 'web-1' });
    // The web-1 page is sent before the acknowledgement, so the scenario is the same on every database.
    await vi.waitFor(() => expect(refusing.accepted() + backup.accepted()).toBe(before + 1), WAIT);
    await rpc.mutation('alerts.acknowledge', { id: rule.id }, shared.token);
    // Then one acknowledgement notice to the rule's own endpoint.
    await vi.waitFor(() => expect(refusing.accepted() + backup.accepted()).toBe(before + 2), WAIT);
    await runPagingToEnd(t.core.orm);

    const scoped = await vi.waitFor(async () => {
      const read = await log({ ruleId: rule.id, episodeId: first.episodeId }, shared.token);
      expect(read.total).toBe(6);
      return read;
    }, WAIT);
    expect(new Set(scoped.items.map((e) => e.eventKind))).toEqual(new Set(['fired', 'acknowledged']));
    expect(
      scoped.items.filter((e) => e.eventKind === 'fired').every((e) => e.episodeId === first.episodeId),
    ).toBe(true);
    expect(scoped.items.find((e) => e.eventKind === 'acknowledged')).toMatchObject({
      type: 'attempt',
      episodeId: null,
      endpoint: { id: own },
      providerConfig: { id: configs.default },
      outcome: 'delivered',
      fallback: false,
    });
    // The whole rule's log has the web-1 episode as well.
    expect((await log({ ruleId: rule.id })).total).toBe(7);
  });

  it('refuses bad input at its field, an episode of another rule, and a member the rule is not shared with', async () => {
    const unknown = await rpc.query('episodes.deliveryLog', { ruleId: rule.id, endpointId: own }, admin);
    expect(unknown.status).toBe(422);
    expect(unknown.error?.data.fieldErrors).toHaveProperty('endpointId');
    const tooLong = await rpc.query(
      'episodes.deliveryLog',
      { ruleId: rule.id, episodeId: 'x'.repeat(65) },
      admin,
    );
    expect(tooLong.error?.data.fieldErrors).toHaveProperty('episodeId');

    const other = (
      await rpc.mutation('alertRules.create', { type: 'api', name: 'trpc delivery other' }, admin)
    ).data as { id: string };
    const episodes = (await rpc.query('episodes.list', { ruleId: rule.id }, admin)).data as {
      items: { episodeId: string }[];
    };
    const episodeId = episodes.items[0]?.episodeId;
    for (const input of [
      { ruleId: other.id, episodeId },
      { ruleId: rule.id, episodeId: 'not-an-episode' },
    ]) {
      const answer = await rpc.query('episodes.deliveryLog', input, admin);
      expect(answer.error?.data).toMatchObject({ code: 'NOT_FOUND', domainCode: 'not_found' });
      expect(answer.error?.message).toBe('Episode not found.');
    }

    const refused = await rpc.query('episodes.deliveryLog', { ruleId: rule.id, episodeId }, stranger);
    expect(refused.error?.data).toMatchObject({ code: 'NOT_FOUND', domainCode: 'not_found' });
    expect(refused.error?.message).toBe('Alert rule not found.');
    expect((await rpc.query('episodes.deliveryLog', { ruleId: rule.id })).error?.data.code).toBe(
      'UNAUTHORIZED',
    );
  });
});
