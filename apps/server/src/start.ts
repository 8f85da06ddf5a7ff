import { loadPluginRegistry } from '@oncall/built-ins';
import type { AppConfig } from '@oncall/config';
import {
  type Core,
  createCore,
  ensureSystemAdmin,
  findUnservedTypes,
  SecretBox,
  SlidingWindowLimiter,
  type SystemAdminResult,
  type TemplateFallback,
} from '@oncall/core';
import { type Database, migrate, openDatabase } from '@oncall/db';
import {
  createProviderConfigTester,
  type Engine,
  lateBoundInstanceResolver,
  startCheckLoop,
} from '@oncall/engine';
import { Heartbeats, startHeartbeatMonitor } from '@oncall/heartbeats';
import { OnCallHistory } from '@oncall/schedules';
import { createSourceProber, createSourceQuerier } from '@oncall/source-probes';
import { startZoneLoop, Zones } from '@oncall/zones';
import type { FastifyInstance } from 'fastify';
import { Registry } from 'prom-client';
import { startRepeatingPass } from './background/repeating-pass';
import { buildApp } from './build-app';
import { composeEngine } from './engine/compose-engine';
import type { LogDestination } from './logging/logger-options';
import { createCheckRunCounter, registerBacklogGauges } from './metrics/check-metrics';
import { createEngineMetrics } from './metrics/engine-metrics';
import { registerQueueGauges } from './metrics/queue-gauges';
import { createTemplateFallbackCounter } from './metrics/template-fallbacks';
import { serviceVersion } from './service-version';
import { startWatchdog } from './watchdog/watchdog';
import { webBuildRoot } from './web-ui/web-build-root';

/** How often the on-call history catches up with the resolver (a stretch's times are exact; only
 * its writing waits). */
const ON_CALL_HISTORY_EVERY_MS = 30_000;
/** How often an engine process reads the delivery log for provider configs that keep failing. */
const PROVIDER_HEALTH_EVERY_MS = 30_000;

export interface RunningService {
  app: FastifyInstance;
  core: Core;
  db: Database;
  admin: SystemAdminResult;
  migrationsApplied: string[];
  stop(): Promise<void>;
}

export interface StartOptions {
  /** Where log lines go; standard output unless given (tests read them). */
  readonly logStream?: LogDestination;
}

/**
 * Loads the plugins, opens the database, applies migrations, makes sure the system admin exists,
 * and builds the app. The core and the engine share the one plugin registry.
 */
export async function startService(config: AppConfig, options: StartOptions = {}): Promise<RunningService> {
  const plugins = await loadPluginRegistry(config.plugins);
  const db = await openDatabase(config.database, {
    secretBox: new SecretBox(config.encryptionKey),
    timeouts: config.databaseTimeouts,
  });
  let engine: Engine | undefined;
  let testerToClose: { close(): Promise<void> } | undefined;
  // Until the app (and its logger) exists, background failures of the engine go to stderr.
  let reportError = (error: unknown): void => {
    process.stderr.write(`delivery engine: ${String(error)}\n`);
  };
  let reportTemplateFallback = (fallback: TemplateFallback): void => {
    process.stderr.write(`template failed, default message sent: ${fallback.reason}\n`);
  };
  try {
    const migrationsApplied = await migrate(db.orm);
    // The engine resolves through the core, which is built on the engine's orchestrator.
    const instances = lateBoundInstanceResolver();
    const registry = new Registry();
    const countTemplateFallback = createTemplateFallbackCounter(registry);
    engine = await composeEngine(config, db, {
      plugins,
      metrics: createEngineMetrics(registry),
      instances,
      onError: (error) => reportError(error),
      onTemplateFallback: (fallback) => {
        countTemplateFallback(fallback);
        reportTemplateFallback(fallback);
      },
    });
    // A settings screen's "send a test" goes out now, from this process, behind the deliveries' SSRF guard.
    const providerConfigTester = createProviderConfigTester({
      channels: plugins.channels,
      allowPrivateTargets: config.delivery.allowPrivateTargets,
    });
    testerToClose = providerConfigTester;
    const core = createCore({
      orm: db.orm,
      orchestrator: engine.orchestrator,
      plugins,
      settings: {
        jwtSecret: config.jwtSecret,
        encryptionKey: config.encryptionKey,
        accessTokenTtlSeconds: config.auth.accessTokenTtlSeconds,
        refreshTokenTtlSeconds: config.auth.refreshTokenTtlSeconds,
        refreshTokenReuseGraceSeconds: config.auth.refreshTokenReuseGraceSeconds,
        ackLinkTtlSeconds: config.auth.ackLinkTtlSeconds,
        loginMaxFailuresPerAccount: config.auth.loginMaxFailuresPerAccount,
        loginAccountWindowSeconds: config.auth.loginAccountWindowSeconds,
        loginMaxAttemptsPerIp: config.auth.loginMaxAttemptsPerIp,
        loginIpWindowSeconds: config.auth.loginIpWindowSeconds,
        loginThrottleMaxKeys: config.auth.loginThrottleMaxKeys,
        ingestPerTokenPerMinute: config.ingestion.perTokenPerMinute,
        ingestFireQueueMax: config.ingestion.fireQueue.maxWaiting,
        ingestFireQueueWaitMs: config.ingestion.fireQueue.maxWaitMs,
        maxEndpointsPerRule: config.maxEndpointsPerRule,
        liveEvents: { maxStreamsPerUser: config.liveStreams.perUser, maxStreams: config.liveStreams.total },
        publicUrl: config.http.publicUrl,
        defaultGroupIntervalSeconds: config.delivery.groupIntervalSeconds,
        localLogin: config.localLogin,
        retention: config.retention,
        providerFailing: {
          attempts: config.providerFailing.attempts,
          afterMs: config.providerFailing.afterSeconds * 1000,
        },
      },
      dataSourceProber: createSourceProber(),
      providerConfigTester,
      dataSourceQuerier: createSourceQuerier(),
      prepared: db.prepared,
      onCheckRun: createCheckRunCounter(registry),
    });
    instances.bind(core.autoResolver);
    registerQueueGauges(registry, engine.queueStats);
    registerBacklogGauges(registry, () => core.backlog.read());
    const admin = await ensureSystemAdmin(db.orm, core.hasher, config.admin);
    const heartbeats = Heartbeats.of(
      core,
      config.http.publicUrl,
      new SlidingWindowLimiter(config.ingestion.heartbeatPingsPerMinute, 60_000, core.clock),
    );
    const zones = Zones.of(core, {
      publicUrl: config.http.publicUrl,
      silentAfterMs: config.zones.silentAfterSeconds * 1000,
      mainSilentAfterMs: config.zones.mainSilentAfterSeconds * 1000,
      syncEveryMs: config.zones.syncSeconds * 1000,
      caFile: config.zones.caFile,
      version: serviceVersion(),
    });
    const app = await buildApp({
      core,
      heartbeats,
      zones,
      ping: db.ping,
      readinessTimeoutMs: config.http.readinessTimeoutMs,
      logLevel: config.logLevel,
      logStream: options.logStream,
      bodyLimitBytes: config.http.bodyLimitBytes,
      trustProxy: config.http.trustProxy,
      publicUrl: config.http.publicUrl,
      requestTimeoutMs: config.http.requestTimeoutMs,
      graphiql: config.env !== 'production',
      metrics: { registry, token: config.http.metricsToken },
      graphqlIntrospection: config.graphql.introspection,
      webUiRoot: webBuildRoot(),
      oidc: config.oidc,
    });
    reportError = (error) => app.log.error({ err: error }, 'delivery engine');
    reportTemplateFallback = (fallback) =>
      app.log.warn(fallback, 'a template failed to render at send time; the default message was sent');
    for (const unserved of await findUnservedTypes(db.orm, plugins)) {
      app.log.warn(
        unserved,
        'no loaded plugin serves this stored type: is its package missing from CHANNEL_PLUGINS or SOURCE_PLUGINS?',
      );
    }
    if (config.http.trustProxy === true) {
      app.log.warn(
        'TRUST_PROXY=true believes every X-Forwarded-For entry, so clients choose the address they are throttled by; set the number of proxy hops or the proxy addresses instead',
      );
    }
    await engine.start();
    const running = engine;
    // Rule evaluations run where the engine's work does, on either driver.
    const checks = config.delivery.runWorkers
      ? startCheckLoop({
          runner: core.checks,
          maxRunning: config.evaluation.maxRunning,
          perSourceConcurrency: config.evaluation.perSourceConcurrency,
          onError: (error) => app.log.error({ err: error }, 'rule evaluation'),
        })
      : undefined;
    // Missed heartbeats fire where the engine's work runs; replicas split the due rows.
    const heartbeatMonitor = config.delivery.runWorkers
      ? startHeartbeatMonitor({
          runDue: () => heartbeats.runDue(),
          nextDueAt: () => heartbeats.nextDueAt(),
          now: () => core.clock.now(),
          onError: (error) => app.log.error({ err: error }, 'heartbeat monitor'),
        })
      : undefined;
    // A main opens the alert of an agent it has not heard from where the engine's work runs.
    const silentZones = config.delivery.runWorkers
      ? startZoneLoop({
          pass: () => zones.registry.runSilent(),
          everyMs: Math.min(5_000, config.zones.silentAfterSeconds * 250),
          onError: (error) => app.log.error({ err: error }, 'zone silence check'),
        })
      : undefined;
    // A provider config that keeps failing raises the admins' alert where the engine's work runs.
    const providerHealth = config.delivery.runWorkers
      ? startZoneLoop({
          pass: () => core.providerHealth.runPass(),
          everyMs: PROVIDER_HEALTH_EVERY_MS,
          onError: (error) => app.log.error({ err: error }, 'provider health check'),
        })
      : undefined;
    // An agent reports to its main, and pages here when it cannot (a main has no source: each pass
    // does nothing).
    const zoneHeartbeats = startZoneLoop({
      pass: () => zones.agent.heartbeatPass(),
      everyMs: config.zones.heartbeatSeconds * 1000,
      onError: (error) => app.log.warn({ err: error }, 'zone heartbeat to the main failed'),
    });
    // An agent copies its main's users, teams, endpoints and provider configs on start, every
    // ZONE_SYNC_SECONDS, and soon after a heartbeat answer names a change (the loop looks as often as
    // it beats); when the main is out of reach, it keeps paging with its last copy.
    const zoneSync = startZoneLoop({
      pass: () => zones.follower.pass(),
      everyMs: Math.min(config.zones.heartbeatSeconds, config.zones.syncSeconds) * 1000,
      onError: (error) => app.log.warn({ err: error }, 'zone sync from the main failed'),
    });
    const retention = startRepeatingPass({
      run: async () => {
        const pruned = await core.retention.runIfDue();
        if (pruned) app.log.info({ pruned }, 'retention');
      },
      everyMs: config.retention.intervalSeconds * 1000,
      firstAfterMs: Math.min(60_000, config.retention.intervalSeconds * 1000),
      onError: (error) => app.log.error({ err: error }, 'retention'),
    });
    // The on-call history is written where the engine's work runs; replicas split the schedules.
    const onCallHistory = new OnCallHistory({
      orm: core.orm,
      clock: core.clock,
      orchestrator: core.orchestrator,
    });
    const historyWriter = config.delivery.runWorkers
      ? startRepeatingPass({
          run: () => onCallHistory.recordDue(),
          everyMs: ON_CALL_HISTORY_EVERY_MS,
          firstAfterMs: 5_000,
          onError: (error) => app.log.error({ err: error }, 'on-call history'),
        })
      : undefined;
    // Every process pings: the external check notices when the last one stops.
    const watchdog = config.watchdog
      ? startWatchdog({
          url: config.watchdog.url,
          intervalMs: config.watchdog.intervalSeconds * 1000,
          onFailure: (message) => app.log.warn(message),
        })
      : undefined;
    return {
      app,
      core,
      db,
      admin,
      migrationsApplied,
      stop: async () => {
        await watchdog?.stop();
        await retention.stop();
        await historyWriter?.stop();
        await checks?.stop();
        await heartbeatMonitor?.stop();
        await silentZones?.stop();
        await providerHealth?.stop();
        await zoneHeartbeats.stop();
        await zoneSync.stop();
        await app.close();
        await zones.close();
        // Handlers in flight finish (or time out) while the database is still open.
        await running.stop();
        await providerConfigTester.close();
        await db.close();
      },
    };
  } catch (error) {
    await engine?.stop();
    await testerToClose?.close();
    await db.close();
    throw error;
  }
}
