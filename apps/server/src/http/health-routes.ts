import type { FastifyInstance } from 'fastify';

/**
 * Liveness says the process answers; readiness says it can reach its database, within its own short
 * timeout and (on PostgreSQL) on its own connection, so a sick database or a busy pool makes it
 * answer 503 promptly rather than hang the probe.
 */
export function registerHealthRoutes(
  app: FastifyInstance,
  ping: (timeoutMs?: number) => Promise<boolean>,
  timeoutMs?: number,
): void {
  app.get('/healthz', { schema: { hide: true } }, async () => ({ status: 'ok' }));
  app.get('/readyz', { schema: { hide: true } }, async (_request, reply) => {
    const database = await ping(timeoutMs);
    return reply.status(database ? 200 : 503).send({ status: database ? 'ready' : 'unavailable', database });
  });
}
