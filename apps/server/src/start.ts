import type { AppConfig } from '@oncall/config';
import { type Core, createCore, ensureSystemAdmin, type SystemAdminResult } from '@oncall/core';
import { type Database, migrate, openDatabase } from '@oncall/db';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './build-app';

/**
 * Until the embedded engine is composed here (step 2, in progress), anything that would queue
 * delivery fails loudly instead of pretending to send.
 */
const pendingEngine = {
  sendOtp: () => Promise.reject(new Error('The delivery engine is not composed yet')),
  notify: () => Promise.reject(new Error('The delivery engine is not composed yet')),
  stopEscalations: () => Promise.reject(new Error('The delivery engine is not composed yet')),
};

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
  try {
    const migrationsApplied = await migrate(db.orm);
    const core = createCore({
      orm: db.orm,
      orchestrator: pendingEngine,
      settings: {
        jwtSecret: config.jwtSecret,
        encryptionKey: config.encryptionKey,
        accessTokenTtlSeconds: config.auth.accessTokenTtlSeconds,
        refreshTokenTtlSeconds: config.auth.refreshTokenTtlSeconds,
        loginMaxFailuresPerAccount: config.auth.loginMaxFailuresPerAccount,
        loginAccountWindowSeconds: config.auth.loginAccountWindowSeconds,
        loginMaxAttemptsPerIp: config.auth.loginMaxAttemptsPerIp,
        loginIpWindowSeconds: config.auth.loginIpWindowSeconds,
      },
    });
    const admin = await ensureSystemAdmin(db.orm, core.hasher, config.admin);
    const app = await buildApp({
      core,
      ping: db.ping,
      logLevel: config.logLevel,
      bodyLimitBytes: config.http.bodyLimitBytes,
      trustProxy: config.http.trustProxy,
      graphiql: config.env !== 'production',
    });
    return {
      app,
      core,
      db,
      admin,
      migrationsApplied,
      stop: async () => {
        await app.close();
        await db.close();
      },
    };
  } catch (error) {
    await db.close();
    throw error;
  }
}
