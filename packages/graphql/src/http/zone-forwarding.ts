import { bearerToken } from '@oncall/contracts';
import { type Core, domainErrorOf, unauthenticated } from '@oncall/core';
import type { Zones } from '@oncall/zones';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * `X-Cluster` on the GraphQL face, as on REST: an operation naming a registered agent zone is sent
 * there whole, with the main's assertion of the caller (never the caller's token), and answered
 * with the agent's status and body; true when it was. Failing to forward (unknown zone, revoked
 * token, unreachable) is a GraphQL error with the domain code (NOT_FOUND, CONFLICT,
 * ZONE_UNREACHABLE) and REST's status.
 */
export async function forwardToNamedZone(
  options: { core: Core; zones: Zones },
  req: FastifyRequest,
  reply: FastifyReply,
): Promise<boolean> {
  const named = req.headers['x-cluster'];
  const zone = Array.isArray(named) ? named.join(',') : named;
  if (!zone?.trim()) return false;
  try {
    const token = bearerToken(req.headers.authorization);
    if (!token) throw unauthenticated();
    const actor = await options.core.auth.authenticate(token);
    const answer = await options.zones.forward(actor, zone, {
      method: req.method,
      path: req.url,
      body: req.body,
      requestId: req.id,
    });
    if (!answer) return false;
    if (answer.contentType) reply.header('content-type', answer.contentType);
    await reply.status(answer.status).send(answer.body);
    return true;
  } catch (error) {
    const domain = domainErrorOf(error);
    if (!domain) throw error;
    await reply.status(STATUS[domain.code] ?? 400).send({
      errors: [{ message: domain.message, extensions: { code: domain.code.toUpperCase() } }],
    });
    return true;
  }
}

const STATUS: Record<string, number> = {
  unauthenticated: 401,
  not_found: 404,
  conflict: 409,
  zone_unreachable: 502,
};
