import type { FastifyRequest } from 'fastify';

/**
 * True when the browser says the POST comes from another site. The page posts to itself, so its own
 * post is same-origin; `Origin: null` is what a `no-referrer` page sends for it and passes. Without
 * either header (curl, old browsers) the token in the body is the only guard, which is the link's
 * authority anyway. The origin may be the one users reach (`PUBLIC_URL`) or the request's host.
 */
export function isCrossSitePost(request: FastifyRequest, publicOrigin: string | undefined): boolean {
  const site = request.headers['sec-fetch-site'];
  if (site === 'cross-site' || site === 'same-site') return true;
  const origin = request.headers.origin;
  if (origin === undefined || origin === 'null') return false;
  if (publicOrigin !== undefined && origin === publicOrigin) return false;
  try {
    return new URL(origin).host !== request.headers.host;
  } catch {
    return true;
  }
}
