import { bearerToken } from '@oncall/contracts';
import { type Actor, type Core, unauthenticated } from '@oncall/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';

declare module 'fastify' {
  interface FastifyRequest {
    actor?: Actor;
  }
}

/** Every route registered in `app` after this needs a live access token; 401 comes before any 422. */
export function requireAccessToken(app: FastifyInstance, core: Core): void {
  app.decorateRequest('actor', undefined);
  app.addHook('onRequest', async (request) => {
    const token = bearerToken(request.headers.authorization);
    if (!token) throw unauthenticated();
    request.actor = await core.auth.authenticate(token);
  });
}

export function actorOf(request: FastifyRequest): Actor {
  if (!request.actor) throw unauthenticated();
  return request.actor;
}
