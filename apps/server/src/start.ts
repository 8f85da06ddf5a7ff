import type { AppConfig } from '@oncall/config';
import {
  AckLinkSigner,
  type Core,
  createCore,
  ensureSystemAdmin,
  type SystemAdminResult,
  systemClock,
} from '@oncall/core';
import { type Database, migrate, openDatabase } from '@oncall/db';
import { createAlertEventMessages, type Engine, lateBoundInstanceResolver } from '@oncall/engine';
import { createSourceProber } from '@oncall/source-probes';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './build-app';
import { composeEngine } from './engine/compose-engine';
import { builtInSources } from './plugins/built-in-sources';

export interface RunningService {
  app: FastifyInstance;
  core: Core;
  db: Database;
  admin: SystemAdminResult;
  migrationsApplied: string[];
  stop(): Promise<void>;
}

/** Opens the database, applies migrations, makes sure the system admin exists, and builds the app. */
export async function startService(config: AppConfig): Promise<RunningService> {
  const db = await openDatabase(config.database);
  let engine: Engine | undefined;
  // Until the app (and its logger) exists, background failures of the engine go to stderr.
  let reportError = (error: unknown): void => {
    process.stderr.write(`delivery engine: ${String(error)}\n`);
  };
  try {
    const migrationsApplied = await migrate(db.orm);
    // The engine resolves through the core, which is built on the engine's orchestrator.
    const instances = lateBoundInstanceResolver();
    engine = await composeEngine(config, db, {
      instances,
      // The engine exists before the core; a signer over the same secret and clock makes links
      // the core's acknowledge route accepts.
      alertMessages: createAlertEventMessages({
        orm: db.orm,
        ackLinks: new AckLinkSigner(config.jwtSecret, systemClock),
        publicUrl: config.http.publicUrl,
      }),
      onError: (error) => reportError(error),
    });
    const core = createCore({
      orm: db.orm,
      orchestrator: engine.orchestrator,
      sources: builtInSources,
      settings: {
        jwtSecret: config.jwtSecret,
        encryptionKey: config.encryptionKey,
        accessTokenTtlSeconds: config.auth.accessTokenTtlSeconds,
        refreshTokenTtlSeconds: config.auth.refreshTokenTtlSeconds,
        loginMaxFailuresPerAccount: config.auth.loginMaxFailuresPerAccount,
        loginAccountWindowSeconds: config.auth.loginAccountWindowSeconds,
        loginMaxAttemptsPerIp: config.auth.loginMaxAttemptsPerIp,
        loginIpWindowSeconds: config.auth.loginIpWindowSeconds,
        ingestPerTokenPerMinute: config.ingestion.perTokenPerMinute,
        publicUrl: config.http.publicUrl,
      },
      dataSourceProber: createSourceProber(),
    });
    instances.bind(core.autoResolver);
    const admin = await ensureSystemAdmin(db.orm, core.hasher, config.admin);
    const app = await buildApp({
      core,
      ping: db.ping,
      logLevel: config.logLevel,
      bodyLimitBytes: config.http.bodyLimitBytes,
      trustProxy: config.http.trustProxy,
      graphiql: config.env !== 'production',
      graphqlIntrospection: config.graphql.introspection,
    });
    reportError = (error) => app.log.error({ err: error }, 'delivery engine');
    await engine.start();
    const running = engine;
    return {
      app,
      core,
      db,
      admin,
      migrationsApplied,
      stop: async () => {
        await app.close();
        // Handlers in flight finish (or time out) while the database is still open.
        await running.stop();
        await db.close();
      },
    };
  } catch (error) {
    await engine?.stop();
    await db.close();
    throw error;
  }
}
