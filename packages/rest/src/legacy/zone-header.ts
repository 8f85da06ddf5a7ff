import type { Core } from '@oncall/core';
import type { FastifyInstance } from 'fastify';

/**
 * The legacy web UI names the zone every request is for in `X-Cluster` (its zone picker's choice).
 * In `app`, once the caller is authenticated, a request naming a zone this deployment does not
 * serve is refused (`ZoneList.assertServedHere`).
 */
export function servedZoneOnly(app: FastifyInstance, core: Core): void {
  app.addHook('onRequest', async (request) => {
    const named = request.headers['x-cluster'];
    core.zones.assertServedHere(Array.isArray(named) ? named.join(',') : named);
  });
}
