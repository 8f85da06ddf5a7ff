import { bearerToken, loginBody, refreshBody, tokenPairSchema, userViewSchema } from '@oncall/contracts';
import { type Core, type TokenPair, unauthenticated } from '@oncall/core';
import { errorCodes, type FastifyInstance } from 'fastify';
import { z } from 'zod';
import { actorOf, requireAccessToken } from '../auth/actor-hook';
import { typed } from './route-context';

const tags = ['auth'];

/** camelCase for new clients plus the snake_case names legacy clients read. */
function withLegacyNames(pair: TokenPair) {
  return {
    ...pair,
    access_token: pair.accessToken,
    refresh_token: pair.refreshToken,
    token_type: pair.tokenType,
    expires_in: pair.expiresIn,
    refresh_expires_in: pair.refreshExpiresIn,
  };
}

/**
 * `auth/refresh` takes its token in a JSON or form body, or as the bearer token with an empty body
 * of any type: the legacy web UI posts through axios, whose default type is a form.
 */
async function refreshRoute(app: FastifyInstance, core: Core): Promise<void> {
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );
  // Fastify's own text parser would hand the schema a string: every other type must be empty.
  app.removeContentTypeParser('text/plain');
  app.addContentTypeParser('*', { parseAs: 'string' }, (request, body, done) => {
    if (String(body).trim() === '') done(null, undefined);
    else done(new errorCodes.FST_ERR_CTP_INVALID_MEDIA_TYPE(request.headers['content-type']), undefined);
  });
  typed(app).post(
    '/auth/refresh',
    {
      schema: {
        tags,
        description:
          'Takes the refresh token in a JSON or form body, or as the bearer token (then the body may be ' +
          'empty, of any content type). A spent token presented again within ' +
          '`REFRESH_TOKEN_REUSE_GRACE_SECONDS` gets the same successor while that one is unspent; ' +
          'otherwise a reuse revokes the session.',
        security: [],
        body: refreshBody.nullish(),
        response: { 200: tokenPairSchema },
      },
    },
    async (request) => {
      const token = request.body?.refreshToken ?? bearerToken(request.headers.authorization);
      if (!token) throw unauthenticated('A refresh token is required.');
      return withLegacyNames(await core.auth.refresh(token));
    },
  );
}

export async function authRoutes(app: FastifyInstance, core: Core): Promise<void> {
  const r = typed(app);
  r.post(
    '/auth/login',
    { schema: { tags, security: [], body: loginBody, response: { 200: tokenPairSchema } } },
    async (request) =>
      withLegacyNames(
        await core.auth.login(request.body.username, request.body.password, {
          ip: request.ip,
          userAgent: request.headers['user-agent'],
        }),
      ),
  );

  await app.register(async (scope) => refreshRoute(scope, core));

  await app.register(async (scope) => {
    requireAccessToken(scope, core);
    const s = typed(scope);
    const me = { schema: { tags, response: { 200: userViewSchema } } };
    s.post('/auth/me', me, (request) => core.auth.me(actorOf(request)));
    s.get('/auth/me', me, (request) => core.auth.me(actorOf(request)));
    s.post(
      '/auth/logout',
      { schema: { tags, response: { 200: z.object({ status: z.boolean(), message: z.string() }) } } },
      async (request) => {
        await core.auth.logout(actorOf(request));
        return { status: true, message: 'Logged out.' };
      },
    );
  });
}
