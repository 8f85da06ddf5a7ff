import { bearerToken } from '@oncall/contracts';
import { type Core, domainErrorOf, unauthenticated } from '@oncall/core';
import type { Zones } from '@oncall/zones';
import { type AnyTRPCRouter, TRPCError } from '@trpc/server';
import { getErrorShape, getHTTPStatusCodeFromError } from '@trpc/server/unstable-core-do-not-import';
import type { FastifyInstance } from 'fastify';
import { toTRPCError } from '../errors/to-trpc-error';

/**
 * Procedures the main answers whatever zone a request names: sign-in and the registry are about
 * the main, and the live feed streams (it does not follow a zone yet).
 */
const MAIN_ONLY = /^(auth|zones|live)\./;

/**
 * `X-Cluster` on the tRPC face, as on REST: a call naming a registered agent zone is sent there
 * with the main's assertion of the caller (never the caller's token), the batch and its input as
 * they came, and answered with the agent's status and body. Failing to forward (unknown zone 404,
 * revoked token 409, unreachable 502) is answered in tRPC's error shape.
 */
export function tRPCZoneForwarding(
  app: FastifyInstance,
  options: { core: Core; zones: Zones; prefix: string; router: AnyTRPCRouter },
): void {
  app.addHook('preHandler', async (request, reply) => {
    const named = request.headers['x-cluster'];
    const zone = Array.isArray(named) ? named.join(',') : named;
    if (!zone?.trim() || !request.url.startsWith(`${options.prefix}/`)) return;
    const paths = decodeURIComponent(request.url.slice(options.prefix.length + 1).split('?')[0] ?? '');
    if (paths.split(',').some((path) => MAIN_ONLY.test(path))) return;
    try {
      const token = bearerToken(request.headers.authorization);
      if (!token) throw unauthenticated();
      const actor = await options.core.auth.authenticate(token);
      const answer = await options.zones.forward(actor, zone, {
        method: request.method,
        path: request.url,
        body: request.body,
        requestId: request.id,
      });
      if (!answer) return;
      if (answer.contentType) reply.header('content-type', answer.contentType);
      return reply.status(answer.status).send(answer.body);
    } catch (error) {
      if (!domainErrorOf(error)) throw error;
      const trpcError = toTRPCError(new TRPCError({ code: 'INTERNAL_SERVER_ERROR', cause: error }));
      const shape = getErrorShape({
        config: options.router._def._config,
        error: trpcError,
        type: 'unknown',
        path: paths,
        input: undefined,
        ctx: undefined,
      });
      return reply.status(getHTTPStatusCodeFromError(trpcError)).send({ error: shape });
    }
  });
}
