import type { FastifyInstance } from 'fastify';
import { collectDefaultMetrics, Registry } from 'prom-client';
import { bearerTokenMatches } from './bearer-token';
import { RouteTraffic } from './route-traffic';

export interface MetricsOptions {
  /** Where the engine's figures are registered too; a registry of its own when absent. */
  readonly registry?: Registry;
  /** `METRICS_TOKEN`: when set, `/metrics` answers only `Authorization: Bearer <token>` (else 401). */
  readonly token?: string;
}

/**
 * Request counts and latencies per route template (never per concrete URL, which would let
 * callers mint unbounded label values), plus the process metrics prom-client collects and whatever
 * else is in the registry (the engine's queues and deliveries).
 */
export function registerMetrics(app: FastifyInstance, options: MetricsOptions = {}): Registry {
  const registry = options.registry ?? new Registry();
  collectDefaultMetrics({ register: registry });
  const traffic = new RouteTraffic([0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5]);
  traffic.register(registry);
  // A callback hook (no promise per request) that only adds to plain numbers; the series are
  // built when `/metrics` is scraped.
  app.addHook('onResponse', (request, reply, done) => {
    traffic.record(
      request.method,
      request.routeOptions.url ?? '(unmatched)',
      reply.statusCode,
      reply.elapsedTime / 1000,
    );
    done();
  });

  const { token } = options;
  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    if (token !== undefined && !bearerTokenMatches(request.headers.authorization, token)) {
      return reply
        .code(401)
        .header('www-authenticate', 'Bearer realm="metrics"')
        .send({ message: 'Unauthenticated.' });
    }
    return reply.type(registry.contentType).send(await registry.metrics());
  });
  return registry;
}
