import type { AppConfig } from '@oncall/config';
import {
  AckLinkSigner,
  AutoResolver,
  createAlertEventMessages,
  createDeliveryJournal,
  SecretBox,
  systemClock,
} from '@oncall/core';
import { openDatabase } from '@oncall/db';
import { createEngineAdapters, createTemporalEngine, loadChannelRegistry } from '@oncall/engine';
import type { ActivityDeps } from '@oncall/workflows';

/** The activities' ports and what to close when the worker stops. */
export interface ComposedActivityDeps {
  readonly deps: ActivityDeps;
  close(): Promise<void>;
}

/**
 * The composition seam of the worker: the same adapters the embedded engine uses (channel sender,
 * delivery log, provider chains), over the application's PostgreSQL. Auto-resolve timers resolve
 * through the core's lifecycle; the pages that causes go to the Temporal outbox in the same
 * transaction, which the server works (this process only queues). A worker is its own process,
 * so the embedded PGlite (which lives inside the server process) cannot be shared: DATABASE_URL is
 * required.
 */
export async function loadActivityDeps(config: AppConfig): Promise<ComposedActivityDeps> {
  if (config.database.kind !== 'postgres') {
    throw new Error(
      'apps/worker needs DATABASE_URL: the embedded database cannot be shared with another process',
    );
  }
  const db = await openDatabase(config.database, { timeouts: config.databaseTimeouts });
  const adapters = createEngineAdapters({
    orm: db.orm,
    box: new SecretBox(config.encryptionKey),
    channels: await loadChannelRegistry(config.delivery.channelPlugins),
    // The same rendering as the server's; links are signed with the server's JWT secret, so its
    // acknowledge route accepts them.
    alertMessages: createAlertEventMessages({
      orm: db.orm,
      ackLinks: new AckLinkSigner(config.jwtSecret, systemClock, config.auth.ackLinkTtlSeconds),
      publicUrl: config.http.publicUrl,
    }),
    journal: createDeliveryJournal(db.orm),
    allowPrivateTargets: config.delivery.allowPrivateTargets,
  });
  const outbox = createTemporalEngine({ db, runWorkers: false });
  await outbox.start();
  return {
    deps: {
      sender: adapters.sender,
      deliveryLog: adapters.log,
      providerChains: adapters.routes,
      instances: new AutoResolver({ orm: db.orm, orchestrator: outbox.orchestrator, clock: systemClock }),
    },
    close: async () => {
      await outbox.stop();
      await adapters.close();
      await db.close();
    },
  };
}
