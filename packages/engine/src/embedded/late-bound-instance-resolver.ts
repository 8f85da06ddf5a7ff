import type { InstanceResolver } from '@oncall/workflows';

/** An `InstanceResolver` whose implementation is supplied after the engine is built. */
export interface LateBoundInstanceResolver extends InstanceResolver {
  bind(target: InstanceResolver): void;
}

/**
 * Breaks the engine ↔ core cycle of a composition root: the engine needs the resolver, the core's
 * `AutoResolver` needs the engine's orchestrator. Bind before `engine.start()`; a timer that runs
 * out unbound fails and is retried.
 *
 * @example
 * const instances = lateBoundInstanceResolver();
 * const autoResolve = { instances, readInstance: armedInstanceReader(db.orm) };
 * const engine = createEmbeddedEngine({ db, ...adapters, autoResolve });
 * const core = createCore({ orm: db.orm, orchestrator: engine.orchestrator, settings });
 * instances.bind(core.autoResolver);
 * await engine.start();
 */
export function lateBoundInstanceResolver(): LateBoundInstanceResolver {
  let target: InstanceResolver | null = null;
  return {
    bind(resolver) {
      target = resolver;
    },
    resolve(request) {
      if (target === null) return Promise.reject(new Error('No InstanceResolver is bound to the engine yet'));
      return target.resolve(request);
    },
  };
}
