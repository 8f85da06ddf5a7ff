import type { AppConfig } from '@oncall/config';
import { SecretBox } from '@oncall/core';
import { openDatabase } from '@oncall/db';
import { createEngineAdapters, idOnlyAlertMessages, loadChannelRegistry } from '@oncall/engine';
import type { ActivityDeps, InstanceResolver } from '@oncall/workflows';

/** The activities' ports and what to close when the worker stops. */
export interface ComposedActivityDeps {
  readonly deps: ActivityDeps;
  close(): Promise<void>;
}

// Nothing starts auto-resolve workflows until the alert features arm them; when they do, they
// bring the resolver, and a workflow that got here first fails loudly rather than pretending.
const instancesNotComposed: InstanceResolver = {
  resolve: () => Promise.reject(new Error('apps/worker: no InstanceResolver is composed yet')),
};

/**
 * The composition seam of the worker: the same adapters the embedded engine uses (channel sender,
 * delivery log, provider chains), over the application's PostgreSQL. A worker is its own process,
 * so the embedded PGlite (which lives inside the server process) cannot be shared: DATABASE_URL is
 * required.
 */
export async function loadActivityDeps(config: AppConfig): Promise<ComposedActivityDeps> {
  if (config.database.kind !== 'postgres') {
    throw new Error(
      'apps/worker needs DATABASE_URL: the embedded database cannot be shared with another process',
    );
  }
  const db = await openDatabase(config.database);
  const adapters = createEngineAdapters({
    orm: db.orm,
    box: new SecretBox(config.encryptionKey),
    channels: await loadChannelRegistry(config.delivery.channelPlugins),
    // The same rendering as the server's until the alert features supply their message source.
    alertMessages: idOnlyAlertMessages,
    allowPrivateTargets: config.delivery.allowPrivateTargets,
  });
  return {
    deps: {
      sender: adapters.sender,
      deliveryLog: adapters.log,
      providerChains: adapters.routes,
      instances: instancesNotComposed,
    },
    close: async () => {
      await adapters.close();
      await db.close();
    },
  };
}
