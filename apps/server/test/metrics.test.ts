import { Endpoint, ProviderConfig, sealJson, User } from '@oncall/core/persistence';
import { createTestEngine, runPagingToEnd, type TestEngine } from '@oncall/engine/testing';
import { type FakeProviderOne, startFakeProviderOne } from '@oncall/fakes';
import type { TestCore } from '@oncall/testing';
import type { FastifyInstance } from 'fastify';
import { Registry } from 'prom-client';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../src/build-app';
import { createEngineMetrics } from '../src/metrics/engine-metrics';
import { registerQueueGauges } from '../src/metrics/queue-gauges';
import { type DeliveryFakes, startDeliveryFakes } from './support/delivery-fakes';
import { seedApiRule, seedProviderConfigs } from './support/seed-delivery';
import { createServerTestCore } from './support/test-app';

const WAIT = { timeout: 30_000, interval: 50 };
const TOKEN = 'metrics-token-0123456789abcdef';

/** The app and engine as `startService` composes them: one registry for both. */
async function metricsApp(
  t: TestCore,
  fakes: DeliveryFakes,
  options: { token?: string; runWorkers?: boolean },
) {
  const registry = new Registry();
  const testEngine = await createTestEngine(t, {
    channelConfigs: fakes.channelConfigs,
    runWorkers: options.runWorkers,
    metrics: createEngineMetrics(registry),
  });
  const core = testEngine.core;
  if (!core) throw new Error('createTestEngine(testCore) builds a delivering core');
  registerQueueGauges(registry, testEngine.engine.queueStats);
  const app = await buildApp({
    core,
    ping: t.database.db.ping,
    logLevel: 'silent',
    bodyLimitBytes: 64 * 1024,
    trustProxy: false,
    metrics: { registry, token: options.token },
  });
  return { app, testEngine };
}

/** The value of one series in the exposition text, or undefined when it is not there. */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((candidate) => candidate.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe('/metrics', () => {
  let t: TestCore;
  let fakes: DeliveryFakes;
  let backup: FakeProviderOne;
  let adminId: string;
  const running: Array<{ app: FastifyInstance; testEngine: TestEngine }> = [];

  beforeAll(async () => {
    t = await createServerTestCore({ ingestPerTokenPerMinute: 100_000 });
    fakes = await startDeliveryFakes();
    backup = await startFakeProviderOne();
    await seedProviderConfigs(t, fakes);
    const em = t.core.orm.em.fork();
    em.create(ProviderConfig, {
      kind: 'sms',
      name: 'sms backup',
      provider: 'providerOne',
      settings: { senderNumber: '10004347', baseUrl: backup.url },
      sealedSecrets: sealJson(t.core.secretBox, { apiToken: 'b' }),
      isDefault: false,
      isBackup: true,
    });
    await em.flush();
    adminId = (await em.findOneOrFail(User, { isSystemAdmin: true })).id;
  });
  afterAll(async () => {
    for (const { app, testEngine } of running) {
      await app.close();
      await testEngine.dispose();
    }
    await backup.close();
    await fakes.close();
    await t.dispose();
  });

  const start = async (options: { token?: string; runWorkers?: boolean } = {}) => {
    const started = await metricsApp(t, fakes, options);
    running.push(started);
    return started;
  };
  const smsRule = async (name: string) => {
    const em = t.core.orm.em.fork();
    const sms = em.create(Endpoint, {
      name: `sms ${name}`,
      type: 'sms',
      destination: { value: '09121112233' },
      owner: em.getReference(User, adminId),
    });
    await em.flush();
    return seedApiRule(t, { name, endpointIds: [sms.id] });
  };
  const fire = (app: FastifyInstance, token: string, instance: string) =>
    app.inject({
      method: 'POST',
      url: '/api/v1/fire-alert',
      headers: { authorization: `Bearer ${token}` },
      payload: { alertname: 'metrics', instance },
    });
  const scrape = async (app: FastifyInstance, authorization?: string) =>
    app.inject({ method: 'GET', url: '/metrics', headers: authorization ? { authorization } : {} });

  describe('with METRICS_TOKEN set', () => {
    it('answers 401 without the bearer token or with a wrong one, and the figures with it', async () => {
      const { app } = await start({ token: TOKEN, runWorkers: false });
      for (const authorization of [undefined, 'Bearer wrong', `Basic ${TOKEN}`, `Bearer ${TOKEN}x`, TOKEN]) {
        const refused = await scrape(app, authorization);
        expect(refused.statusCode, authorization).toBe(401);
        expect(refused.headers['www-authenticate']).toBe('Bearer realm="metrics"');
        expect(refused.body).not.toContain('http_requests_total');
      }
      const allowed = await scrape(app, `Bearer ${TOKEN}`);
      expect(allowed.statusCode).toBe(200);
      expect(allowed.body).toContain('http_requests_total');
    });

    it('stays open when no token is configured, as before', async () => {
      const { app } = await start({ runWorkers: false });
      const open = await scrape(app);
      expect(open.statusCode).toBe(200);
      expect(open.body).toContain('oncall_engine_queue_jobs');
    });
  });

  describe('engine figures', () => {
    it('shows the depth and oldest job age of every queue', async () => {
      const { app } = await start({ runWorkers: false });
      const rule = await smsRule('Queued page');
      expect((await fire(app, rule.token, 'db-1')).statusCode).toBe(200);

      const text = (await scrape(app)).body;
      expect(
        sample(text, 'oncall_engine_queue_jobs{queue="oncall-dispatch",state="queued"}'),
      ).toBeGreaterThanOrEqual(1);
      expect(
        sample(text, 'oncall_engine_queue_oldest_job_age_seconds{queue="oncall-dispatch"}'),
      ).toBeGreaterThanOrEqual(0);
      for (const queue of [
        'oncall-delivery',
        'oncall-delivery-email',
        'oncall-delivery-chat',
        'oncall-flow',
      ]) {
        for (const state of ['queued', 'delayed', 'active', 'failed']) {
          expect(
            sample(text, `oncall_engine_queue_jobs{queue="${queue}",state="${state}"}`),
            queue,
          ).toBeDefined();
        }
        expect(
          sample(text, `oncall_engine_queue_oldest_job_age_seconds{queue="${queue}"}`),
          queue,
        ).toBeDefined();
      }
    });

    it('counts deliveries and attempts by lane and outcome, and failovers to the backup config', {
      timeout: 45_000,
    }, async () => {
      const { app } = await start();
      // The page queued by the previous case (no workers then) goes out first.
      await runPagingToEnd(t.core.orm);
      const rule = await smsRule('Failover page');
      // The default config refuses (a permanent error), so the backup delivers.
      fakes.providerOne.failNext(403);
      expect((await fire(app, rule.token, 'db-2')).statusCode).toBe(200);
      await vi.waitFor(
        () =>
          expect(backup.requests.some((request) => request.query.message?.includes(rule.name))).toBe(true),
        WAIT,
      );
      await vi.waitFor(async () => {
        const text = (await scrape(app)).body;
        expect(sample(text, 'oncall_engine_failovers_total{lane="page"}')).toBe(1);
        expect(sample(text, 'oncall_engine_delivery_attempts_total{lane="page",outcome="permanent"}')).toBe(
          1,
        );
        expect(
          sample(text, 'oncall_engine_deliveries_total{lane="page",outcome="delivered"}'),
        ).toBeGreaterThanOrEqual(1);
      }, WAIT);
    });

    it('counts a delivery that failed on every provider config as an undeliverable page', async () => {
      const registry = new Registry();
      const metrics = createEngineMetrics(registry);
      metrics.deliveryFinished('page', 'delivered');
      metrics.deliveryFinished('page', 'failed');
      metrics.deliveryFinished('email', 'cancelled');
      const text = await registry.metrics();
      expect(sample(text, 'oncall_undeliverable_pages_total{lane="page"}')).toBe(1);
      expect(sample(text, 'oncall_undeliverable_pages_total{lane="email"}')).toBeUndefined();
    });

    it('counts jobs that failed for good by queue and cause', async () => {
      const registry = new Registry();
      const metrics = createEngineMetrics(registry);
      metrics.jobFailed('oncall-delivery', 'retried', 'programming_error');
      metrics.jobFailed('oncall-delivery', 'failed', 'programming_error');
      const text = await registry.metrics();
      expect(
        sample(
          text,
          'oncall_engine_job_failures_total{queue="oncall-delivery",outcome="failed",cause="programming_error"}',
        ),
      ).toBe(1);
    });
  });
});
