import { readFileSync } from 'node:fs';
import { join, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { uiContentSecurityPolicy } from './content-security-policy';
import { indexPage } from './index-page';
import { isReservedPath } from './reserved-paths';

export interface WebUiOptions {
  /** The web build (`apps/web/dist`): `index.html` and hashed files under `assets/`. */
  root: string;
  /** `PUBLIC_URL`'s path (`''` at the root), which the page's `<base>` names. */
  publicPath: string;
}

/** What the app's not-found handler asks: a page route of the UI gets `index.html`. */
export type WebUiFallback = (request: FastifyRequest, reply: FastifyReply) => boolean;

const YEAR_SECONDS = 365 * 24 * 60 * 60;

/** Headers every file of the UI carries. */
function commonHeaders(reply: FastifyReply): void {
  reply.header('x-content-type-options', 'nosniff');
  reply.header('referrer-policy', 'same-origin');
  reply.header('cross-origin-opener-policy', 'same-origin');
  reply.header('cross-origin-resource-policy', 'same-origin');
}

/**
 * Serves the web UI's build at `/`: the hashed files under `assets/` cached for a year, everything
 * else (the page, the color-scheme script) revalidated on each load, so a deploy shows at once. The
 * files are listed when the server starts (no wildcard route), so no file route can shadow a face
 * of the server; page routes are answered from the app's not-found handler through the returned
 * fallback, which leaves the reserved prefixes to their own 404.
 */
export async function registerWebUi(app: FastifyInstance, options: WebUiOptions): Promise<WebUiFallback> {
  const nextPage = indexPage(readFileSync(join(options.root, 'index.html'), 'utf8'), options.publicPath);
  const assets = `${join(options.root, 'assets')}${sep}`;

  const sendIndex = (reply: FastifyReply) => {
    const { html, nonce } = nextPage();
    commonHeaders(reply);
    return reply
      .status(200)
      .header('content-type', 'text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .header('content-security-policy', uiContentSecurityPolicy(nonce))
      .header('x-frame-options', 'DENY')
      .send(html);
  };

  await app.register(async (scope) => {
    await scope.register(fastifyStatic, {
      root: options.root,
      prefix: '/',
      wildcard: false,
      index: false,
      globIgnore: ['index.html'],
      decorateReply: false,
      cacheControl: false,
      dotfiles: 'ignore',
      setHeaders: (reply, path) => {
        commonHeaders(reply);
        reply.header(
          'cache-control',
          path.startsWith(assets) ? `public, max-age=${YEAR_SECONDS}, immutable` : 'no-cache',
        );
      },
    });
    // Not an API operation: left out of the OpenAPI document.
    scope.get('/', { schema: { hide: true } }, (_request, reply) => sendIndex(reply));
  });

  return (request, reply) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return false;
    const path = request.url.split('?')[0] ?? '/';
    if (isReservedPath(path) || path.startsWith('/assets/')) return false;
    if (!(request.headers.accept ?? '').includes('text/html')) return false;
    void sendIndex(reply);
    return true;
  };
}
