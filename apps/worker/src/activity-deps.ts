import { loadPluginRegistry } from '@oncall/built-ins';
import type { AppConfig } from '@oncall/config';
import { AutoResolver, systemClock } from '@oncall/core';
import { openDatabase } from '@oncall/db';
import {
  composeDeliveryAdapters,
  createTemporalEngine,
  DEFAULT_QUEUE_TUNING,
  slowLaneSlots,
} from '@oncall/engine';
import type { ActivityDeps } from '@oncall/workflows';
import { Runtime } from '@temporalio/worker';
import { logTemplateFallbacks } from './template-fallback-log';

/** The activities' ports and what to close when the worker stops. */
export interface ComposedActivityDeps {
  readonly deps: ActivityDeps;
  close(): Promise<void>;
}

/**
 * The composition seam of the worker: the plugins the server loads (`loadPluginRegistry`, from the
 * same `CHANNEL_PLUGINS` and `SOURCE_PLUGINS`) and the delivery adapters as the server builds them
 * (`composeDeliveryAdapters`: channel sender, delivery log, routes), the slow lanes' shares as the
 * embedded engine sizes them (`slowLaneSlots`), over the application's PostgreSQL; a send whose
 * template failed is logged on Temporal's runtime logger. Auto-resolve timers resolve through the
 * core's lifecycle, and a page every provider config failed is reported to the core, which tells
 * the rule's owner through their other endpoints; the pages that causes go to
 * the Temporal outbox in the same transaction, which the server works (this process only queues).
 * A worker is its own process, so the embedded PGlite (which lives inside the server process)
 * cannot be shared: DATABASE_URL is required.
 */
export async function loadActivityDeps(config: AppConfig): Promise<ComposedActivityDeps> {
  if (config.database.kind !== 'postgres') {
    throw new Error(
      'apps/worker needs DATABASE_URL: the embedded database cannot be shared with another process',
    );
  }
  const plugins = await loadPluginRegistry(config.plugins);
  const db = await openDatabase(config.database, { timeouts: config.databaseTimeouts });
  const adapters = composeDeliveryAdapters(
    config,
    db.orm,
    plugins,
    logTemplateFallbacks(Runtime.instance().logger),
  );
  const outbox = createTemporalEngine({ db, runWorkers: false });
  await outbox.start();
  return {
    deps: {
      sender: adapters.sender,
      deliveryLog: adapters.log,
      providerChains: adapters.routes,
      routes: adapters.routes,
      people: adapters.people,
      shares: adapters.routes,
      // One per process, shared by its lane workers, sized as `startWorker` sizes them.
      laneSlots: slowLaneSlots(DEFAULT_QUEUE_TUNING),
      instances: new AutoResolver({ orm: db.orm, orchestrator: outbox.orchestrator, clock: systemClock }),
      // The owner's notices go to the Temporal outbox in the report's transaction, as pages do.
      undeliverable: {
        report: async (page) => {
          const orchestrator = outbox.orchestrator;
          await adapters.log.undeliverable?.(page, async (tx, requests) => {
            if (orchestrator.notifyMany) await orchestrator.notifyMany(tx, requests);
            else for (const request of requests) await orchestrator.notify(tx, request);
          });
        },
      },
    },
    close: async () => {
      await outbox.stop();
      await adapters.close();
      await db.close();
    },
  };
}
