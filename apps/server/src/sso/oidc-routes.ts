import type { OidcSettings } from '@oncall/config';
import type { Core } from '@oncall/core';
import { DomainError } from '@oncall/core';
import { refreshCookieSession } from '@oncall/trpc';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import * as client from 'openid-client';
import { identityOf } from './claims-mapping';
import {
  cookieValue,
  LOGIN_ATTEMPT_COOKIE,
  LOGIN_ATTEMPT_SECONDS,
  LoginAttemptCookie,
} from './login-attempt-cookie';
import { OidcClient } from './oidc-client';

export interface OidcRoutesOptions {
  core: Core;
  /** Single sign-on's settings; without them the routes answer that it is off. */
  oidc: OidcSettings | undefined;
  /** Where users reach the service (`PUBLIC_URL`): the redirect URI and the UI start with it. */
  publicUrl: string;
}

/** A refusal a browser lands on: a short message, never the provider's raw error or a stack. */
function refuse(reply: FastifyReply, status: number, code: string, message: string): FastifyReply {
  return reply.status(status).header('cache-control', 'no-store').send({ message, code });
}

/**
 * Single sign-on over OpenID Connect: `auth/oidc/login` sends the browser to the provider with an
 * authorization code request (PKCE, state and nonce in a signed cookie), `auth/oidc/callback`
 * redeems the code, lets the library check the ID token (signature, issuer, audience, nonce), signs
 * the user in and hands the session to the UI in the browser login variant's refresh cookie.
 * Register under `/api/v1`. They are left out of the OpenAPI document: browsers follow them, and
 * `docs/sso.md` describes their answers.
 */
export async function oidcRoutes(app: FastifyInstance, options: OidcRoutesOptions): Promise<void> {
  const { core, oidc } = options;
  const publicUrl = new URL(options.publicUrl);
  const basePath = publicUrl.pathname.replace(/\/$/, '');
  const refreshCookie = {
    path: `${basePath}/trpc/auth.browserRefresh`,
    publicHttps: publicUrl.protocol === 'https:',
  };
  const attemptPath = `${basePath}/api/v1/auth/oidc`;
  const redirectUri = `${options.publicUrl.replace(/\/$/, '')}/api/v1/auth/oidc/callback`;

  app.get('/auth/providers', { schema: { hide: true } }, async () => ({
    sso: oidc !== undefined,
    localLogin: core.auth.localLoginOn,
    ...(oidc ? { ssoLoginPath: '/api/v1/auth/oidc/login' } : {}),
  }));
  if (!oidc) {
    const off = async (_request: FastifyRequest, reply: FastifyReply) =>
      refuse(reply, 404, 'not_found', 'Single sign-on is not configured.');
    app.get('/auth/oidc/login', { schema: { hide: true } }, off);
    app.get('/auth/oidc/callback', { schema: { hide: true } }, off);
    return;
  }

  const rp = new OidcClient(oidc);
  const attempts = new LoginAttemptCookie(core.secretBox);
  const secure = (request: FastifyRequest) =>
    refreshCookie.publicHttps || request.protocol === 'https' ? '; Secure' : '';
  // Lax, not Strict: the provider's redirect back is a top-level navigation from another site.
  const attemptCookie = (request: FastifyRequest, value: string, maxAge: number) =>
    `${LOGIN_ATTEMPT_COOKIE}=${value}; Max-Age=${maxAge}; Path=${attemptPath}; HttpOnly; SameSite=Lax${secure(request)}`;

  app.get('/auth/oidc/login', { schema: { hide: true } }, async (request, reply) => {
    let config: client.Configuration;
    try {
      config = await rp.configuration();
    } catch (error) {
      request.log.warn({ err: error }, 'oidc: the identity provider did not answer discovery');
      return refuse(reply, 503, 'unavailable', 'The identity provider does not answer; try again later.');
    }
    const verifier = client.randomPKCECodeVerifier();
    const attempt = {
      state: client.randomState(),
      nonce: client.randomNonce(),
      verifier,
      expires: core.clock.now().getTime() + LOGIN_ATTEMPT_SECONDS * 1000,
    };
    const url = client.buildAuthorizationUrl(config, {
      redirect_uri: redirectUri,
      scope: oidc.scopes.join(' '),
      code_challenge: await client.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
      state: attempt.state,
      nonce: attempt.nonce,
    });
    return reply
      .header('set-cookie', attemptCookie(request, attempts.seal(attempt), LOGIN_ATTEMPT_SECONDS))
      .header('cache-control', 'no-store')
      .redirect(url.href, 302);
  });

  app.get('/auth/oidc/callback', { schema: { hide: true } }, async (request, reply) => {
    const attempt = attempts.open(
      cookieValue(request.headers.cookie, LOGIN_ATTEMPT_COOKIE),
      core.clock.now(),
    );
    // Spent or not, the attempt is over.
    reply.header('set-cookie', attemptCookie(request, '', 0));
    if (!attempt) {
      return refuse(
        reply,
        400,
        'login_attempt_missing',
        'No sign-in in progress or it expired; start again.',
      );
    }
    const current = new URL(redirectUri);
    current.search = new URL(request.url, 'http://callback.invalid').search;
    let config: client.Configuration;
    try {
      config = await rp.configuration();
    } catch (error) {
      request.log.warn({ err: error }, 'oidc: the identity provider did not answer discovery');
      return refuse(reply, 503, 'unavailable', 'The identity provider does not answer; try again later.');
    }
    let claims: Record<string, unknown> | undefined;
    try {
      const tokens = await client.authorizationCodeGrant(config, current, {
        pkceCodeVerifier: attempt.verifier,
        expectedState: attempt.state,
        expectedNonce: attempt.nonce,
        idTokenExpected: true,
      });
      claims = tokens.claims();
    } catch (error) {
      request.log.warn({ err: error }, 'oidc: sign-in refused');
      return refuse(reply, 401, 'sso_refused', refusalMessage(error));
    }
    if (!claims || typeof claims.sub !== 'string') {
      return refuse(reply, 401, 'sso_refused', 'The identity provider returned no ID token.');
    }
    const issuer = config.serverMetadata().issuer;
    try {
      const pair = await core.sso.signIn(identityOf(oidc, issuer, claims), {
        ip: request.ip,
        userAgent: request.headers['user-agent'],
      });
      refreshCookieSession(request, reply, refreshCookie).keep(pair.refreshToken, pair.refreshExpiresIn);
    } catch (error) {
      if (error instanceof DomainError && error.code === 'conflict') {
        return refuse(reply, 409, 'conflict', error.message);
      }
      throw error;
    }
    return reply.header('cache-control', 'no-store').redirect(`${basePath}/`, 303);
  });
}

/** What went wrong, in words a user can act on; the details go to the log. */
function refusalMessage(error: unknown): string {
  if (error instanceof client.AuthorizationResponseError) {
    return `The identity provider refused the sign-in (${error.error}).`;
  }
  if (error instanceof Error && /state/i.test(error.message)) {
    return 'The sign-in response does not belong to this sign-in attempt; start again.';
  }
  return 'The identity provider’s answer could not be verified; sign-in refused.';
}
