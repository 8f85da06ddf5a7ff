import { bearerToken } from '@oncall/contracts';
import { type Actor, type Core, unauthenticated } from '@oncall/core';
import { ASSERTION_HEADER, type Zones } from '@oncall/zones';
import type { FastifyInstance, FastifyRequest } from 'fastify';

declare module 'fastify' {
  interface FastifyRequest {
    actor?: Actor;
  }
}

/**
 * Every route registered in `app` after this needs a live access token, or, on an agent, its main's
 * assertion of the caller (`X-Zone-Assertion`, a forwarded request); 401 comes before any 422.
 */
export function requireAccessToken(app: FastifyInstance, core: Core, zones?: Zones): void {
  app.decorateRequest('actor', undefined);
  app.addHook('onRequest', async (request) => {
    const assertion = request.headers[ASSERTION_HEADER];
    if (zones && typeof assertion === 'string') {
      request.actor = await zones.agent.assertedActor(assertion);
      return;
    }
    const token = bearerToken(request.headers.authorization);
    if (!token) throw unauthenticated();
    request.actor = await core.auth.authenticate(token);
  });
}

export function actorOf(request: FastifyRequest): Actor {
  if (!request.actor) throw unauthenticated();
  return request.actor;
}
