import type { FastifyRequest } from 'fastify';

/**
 * The original web UI's API rule form always sends `autoResolveMinutes`, `0` when auto-resolve is
 * off. `0` minutes sent with `enableAutoResolve: false` in the same body mean "none": before
 * validation they become `null`, which also clears minutes an update would otherwise keep from
 * when the rule auto-resolved. Any other value, or `0` with auto-resolve on, is checked as ever.
 */
export async function ignoreMinutesWithAutoResolveOff(request: FastifyRequest): Promise<void> {
  const body = request.body;
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return;
  if ('enableAutoResolve' in body && body.enableAutoResolve === false && 'autoResolveMinutes' in body) {
    if (body.autoResolveMinutes !== 0) return;
    request.body = { ...body, autoResolveMinutes: null };
  }
}
