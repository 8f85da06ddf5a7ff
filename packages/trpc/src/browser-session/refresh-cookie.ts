import type { FastifyReply, FastifyRequest } from 'fastify';
import { BROWSER_SESSION_HEADER, type BrowserSession } from './browser-session';

/** The refresh cookie's name; `__Host-` would forbid the `Path` it is scoped to. */
export const REFRESH_COOKIE = 'oncall_refresh';

export interface RefreshCookieOptions {
  /**
   * The path browsers see the refresh procedure at (`PUBLIC_URL`'s path, the tRPC prefix and
   * the procedure), so the cookie goes with that one request and no other.
   */
  path: string;
  /** Whether users reach the service over HTTPS (`PUBLIC_URL`'s scheme). */
  publicHttps: boolean;
}

const LOOPBACK_HOST = /^(localhost|127(?:\.\d{1,3}){3}|\[::1\])$/i;

/**
 * The cookie transport of one request. The cookie is `HttpOnly` (no script reads it, so an XSS
 * cannot take the session away), `SameSite=Strict` (no other site's page makes the browser send it)
 * and `Secure`, except for plain HTTP on a loopback address, where browsers keep a `Secure` cookie
 * only for `localhost` and a developer's `127.0.0.1` would lose the session on every reload.
 */
export function refreshCookieSession(
  request: FastifyRequest,
  reply: FastifyReply,
  options: RefreshCookieOptions,
): BrowserSession {
  const secure = options.publicHttps || request.protocol === 'https' || !LOOPBACK_HOST.test(request.hostname);
  const attributes = `Path=${options.path}; HttpOnly; SameSite=Strict${secure ? '; Secure' : ''}`;
  const setCookie = (value: string) => reply.header('set-cookie', value);
  return {
    refreshToken: () => cookieValue(request.headers.cookie, REFRESH_COOKIE),
    fromOwnPage: () => {
      const site = request.headers['sec-fetch-site'];
      return (
        request.headers[BROWSER_SESSION_HEADER] === '1' && (site === undefined || site === 'same-origin')
      );
    },
    keep: (token, maxAgeSeconds) =>
      setCookie(
        `${REFRESH_COOKIE}=${token}; Max-Age=${Math.max(0, Math.floor(maxAgeSeconds))}; ${attributes}`,
      ),
    forget: () => setCookie(`${REFRESH_COOKIE}=; Max-Age=0; ${attributes}`),
  };
}

/** One cookie's value from a `Cookie` header; refresh tokens are URL-safe, so no decoding is needed. */
function cookieValue(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) {
      const value = part.slice(eq + 1).trim();
      return value === '' ? undefined : value;
    }
  }
  return undefined;
}
