import type { AppConfig } from '@oncall/config';
import { armedInstanceReader, type PluginRegistry, type TemplateFallback } from '@oncall/core';
import type { Database } from '@oncall/db';
import {
  composeDeliveryAdapters,
  createEmbeddedEngine,
  createTemporalEngine,
  type Engine,
  type EngineMetrics,
  type InstanceResolver,
} from '@oncall/engine';
import { deliveryRetryPolicies } from './delivery-retry-policies';

export interface ComposeEngineOptions {
  /** The plugins the server loaded once; its core serves the same. */
  readonly plugins: PluginRegistry;
  /** Resolves instances whose embedded auto-resolve timer ran out (on Temporal, the worker does). */
  readonly instances: InstanceResolver;
  /** Background failures (a send handler that threw, pg-boss's loops); logged by the server. */
  readonly onError: (error: unknown) => void;
  /** Counters for `/metrics`: deliveries and failovers (embedded driver), failed jobs (both). */
  readonly metrics?: EngineMetrics;
  /** A send whose template failed (the default message went); logged and counted by the server. */
  readonly onTemplateFallback?: (fallback: TemplateFallback) => void;
}

/**
 * The server's Orchestrator: the embedded engine (pg-boss in the application database), or, when
 * `TEMPORAL_ADDRESS` is set, the Temporal driver fed through an outbox in the same database (the
 * workflows and their sends then run in `apps/worker`). `stop` also closes what it opened.
 */
export async function composeEngine(
  config: AppConfig,
  db: Database,
  options: ComposeEngineOptions,
): Promise<Engine> {
  const adapters = composeDeliveryAdapters(config, db.orm, options.plugins, options.onTemplateFallback);
  const policies = deliveryRetryPolicies(config.delivery);
  if (config.temporal === undefined) {
    const engine = createEmbeddedEngine({
      db,
      ...adapters,
      autoResolve: { instances: options.instances, readInstance: armedInstanceReader(db.orm) },
      policies,
      runWorkers: config.delivery.runWorkers,
      directDispatch: config.delivery.directDispatch,
      onError: options.onError,
      metrics: options.metrics,
    });
    return { ...engine, stop: (timeoutMs) => engine.stop(timeoutMs).finally(() => adapters.close()) };
  }
  // Only queueing: other server processes work the outbox and talk to Temporal.
  if (!config.delivery.runWorkers) {
    const engine = createTemporalEngine({
      db,
      runWorkers: false,
      onError: options.onError,
      metrics: options.metrics,
    });
    return { ...engine, stop: (timeoutMs) => engine.stop(timeoutMs).finally(() => adapters.close()) };
  }
  // Loaded only here: Temporal's client and its gRPC stack are about 9 MB of heap and 0.3 s of
  // start that a server on the embedded engine never uses.
  const { Connection, WorkflowClient } = await import('@temporalio/client');
  // Lazy: the server starts (and queues starts in the outbox) while Temporal is unreachable; the
  // outbox jobs retry until it answers.
  const connection = Connection.lazy({ address: config.temporal.address });
  const engine = createTemporalEngine({
    db,
    client: new WorkflowClient({ connection, namespace: config.temporal.namespace }),
    taskQueue: config.temporal.taskQueue,
    routes: adapters.routes,
    policies,
    // Grouped notifications: the outbox worker decides each window, as the embedded engine does.
    groups: adapters.groups,
    onError: options.onError,
    metrics: options.metrics,
  });
  return {
    ...engine,
    stop: (timeoutMs) =>
      engine
        .stop(timeoutMs)
        .finally(() => Promise.all([adapters.close(), connection.close()]))
        .then(() => undefined),
  };
}
