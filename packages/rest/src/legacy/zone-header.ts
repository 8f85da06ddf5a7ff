import type { Zones } from '@oncall/zones';
import type { FastifyInstance } from 'fastify';
import { actorOf } from '../auth/actor-hook';

/**
 * The legacy web UI names the zone every request is for in `X-Cluster` (its zone picker's choice).
 * In `app`, once the caller is authenticated and the body read, a request naming a registered agent
 * zone is forwarded there with the main's assertion of the caller (not the caller's token) and
 * answered with the agent's status and body; the main, or no zone, is served here; any other zone
 * is a 404 (`Zones.forward`).
 */
export function zoneRouting(app: FastifyInstance, zones: Zones): void {
  app.addHook('preValidation', async (request, reply) => {
    const named = request.headers['x-cluster'];
    const answer = await zones.forward(actorOf(request), Array.isArray(named) ? named.join(',') : named, {
      method: request.method,
      path: request.url,
      body: request.body,
      requestId: request.id,
    });
    if (!answer) return;
    if (answer.contentType) reply.header('content-type', answer.contentType);
    return reply.status(answer.status).send(answer.body);
  });
}
