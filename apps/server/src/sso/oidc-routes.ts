import type { OidcSettings } from '@oncall/config';
import { fieldErrorsFromIssues } from '@oncall/contracts';
import type { Core } from '@oncall/core';
import { DomainError, unauthenticated, validationFailed } from '@oncall/core';
import { sendError } from '@oncall/rest';
import { refreshCookieSession } from '@oncall/trpc';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import * as client from 'openid-client';
import { identityOf } from './claims-mapping';
import { CliSignInCode, cliLoginQuery, cliTokenBody } from './cli-sign-in';
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
 * The CLI starts the same flow with a loopback address and a PKCE challenge of its own: the callback
 * then sends the browser to the CLI with a sealed code, which the CLI redeems at
 * `auth/oidc/cli-token` for the usual token pair.
 * Register under `/api/v1`. They are left out of the OpenAPI document: browsers and the CLI follow
 * them, and `docs/sso.md` describes their answers.
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

  app.setErrorHandler((error, request, reply) => sendError(error, request, reply));
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
    app.post('/auth/oidc/cli-token', { schema: { hide: true } }, off);
    return;
  }

  const rp = new OidcClient(oidc);
  const attempts = new LoginAttemptCookie(core.secretBox);
  const cliCodes = new CliSignInCode(core.secretBox);
  const secure = (request: FastifyRequest) =>
    refreshCookie.publicHttps || request.protocol === 'https' ? '; Secure' : '';
  // Lax, not Strict: the provider's redirect back is a top-level navigation from another site.
  const attemptCookie = (request: FastifyRequest, value: string, maxAge: number) =>
    `${LOGIN_ATTEMPT_COOKIE}=${value}; Max-Age=${maxAge}; Path=${attemptPath}; HttpOnly; SameSite=Lax${secure(request)}`;

  app.get('/auth/oidc/login', { schema: { hide: true } }, async (request, reply) => {
    const query = cliLoginQuery.safeParse(request.query ?? {});
    if (!query.success) throw validationFailed(fieldErrorsFromIssues(query.error.issues));
    const { cli_redirect: cliRedirect, cli_challenge: cliChallenge } = query.data;
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
      ...(cliRedirect && cliChallenge ? { cli: { redirect: cliRedirect, challenge: cliChallenge } } : {}),
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
      return attempt.cli
        ? toCli(reply, attempt.cli.redirect, {
            error: 'sso_refused',
            error_description: refusalMessage(error),
          })
        : refuse(reply, 401, 'sso_refused', refusalMessage(error));
    }
    if (!claims || typeof claims.sub !== 'string') {
      const message = 'The identity provider returned no ID token.';
      return attempt.cli
        ? toCli(reply, attempt.cli.redirect, { error: 'sso_refused', error_description: message })
        : refuse(reply, 401, 'sso_refused', message);
    }
    const issuer = config.serverMetadata().issuer;
    if (attempt.cli) {
      // The session is made when the CLI redeems the code (a POST), not by this browser GET.
      const code = cliCodes.seal(identityOf(oidc, issuer, claims), attempt.cli.challenge, core.clock.now());
      return toCli(reply, attempt.cli.redirect, { code });
    }
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

  app.post('/auth/oidc/cli-token', { schema: { hide: true } }, async (request, reply) => {
    const body = cliTokenBody.safeParse(request.body ?? {});
    if (!body.success) throw validationFailed(fieldErrorsFromIssues(body.error.issues));
    const identity = cliCodes.redeem(body.data.code, body.data.verifier, core.clock.now());
    if (!identity) throw unauthenticated('The sign-in code is invalid or expired; run the login again.');
    const pair = await core.sso.signIn(identity, {
      ip: request.ip,
      userAgent: request.headers['user-agent'],
    });
    return reply.header('cache-control', 'no-store').send(pair);
  });
}

/** Sends the browser back to the CLI's loopback listener with the outcome in the query. */
function toCli(reply: FastifyReply, redirect: string, outcome: Record<string, string>): FastifyReply {
  const target = new URL(redirect);
  for (const [name, value] of Object.entries(outcome)) target.searchParams.set(name, value);
  return reply.header('cache-control', 'no-store').redirect(target.href, 303);
}

/** What went wrong, in words a user can act on; the details go to the log. */
function refusalMessage(error: unknown): string {
  if (error instanceof client.AuthorizationResponseError) {
    return `The identity provider refused the sign-in (${error.error}).`;
  }
  if (aboutState(error)) {
    return 'The sign-in response does not belong to this sign-in attempt; start again.';
  }
  return 'The identity provider’s answer could not be verified; sign-in refused.';
}

/**
 * Whether the check that failed is the state's. openid-client wraps the check's error in one saying
 * only "invalid response encountered"; what failed is in the message of its cause.
 */
function aboutState(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 3 && current instanceof Error; depth++) {
    if (/"state"/.test(current.message)) return true;
    current = current.cause;
  }
  return false;
}
