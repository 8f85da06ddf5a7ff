import type { FastifyRequest } from 'fastify';

/**
 * Whether a request comes from the original web UI: the only client that marks every call with
 * `X-Cluster` (`""` for the main zone). Answers and bodies in its dialect take the original's
 * types where the contract's differ (docs/decisions.md, "The original web UI").
 */
export function speaksLegacyUi(request: FastifyRequest): boolean {
  return request.headers['x-cluster'] !== undefined;
}
