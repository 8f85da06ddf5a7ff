import type { FastifyInstance } from 'fastify';

/** Liveness says the process answers; readiness says it can reach its database. */
export function registerHealthRoutes(app: FastifyInstance, ping: () => Promise<boolean>): void {
  app.get('/healthz', { schema: { hide: true } }, async () => ({ status: 'ok' }));
  app.get('/readyz', { schema: { hide: true } }, async (_request, reply) => {
    const database = await ping();
    return reply.status(database ? 200 : 503).send({ status: database ? 'ready' : 'unavailable', database });
  });
}
