import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';
import { Browser } from './cookie-browser';

export interface TestAccount {
  sub: string;
  preferred_username: string;
  name: string;
  email: string;
  email_verified: boolean;
  groups: string[];
}

export interface LocalOidcProvider {
  issuer: string;
  /** Who the next sign-in authenticates as (the interaction signs in without a form). */
  signInAs(account: TestAccount): void;
  /** Replaces the ID token of the next token answer (`undefined`: answers pass untouched). */
  rewriteNextIdToken(rewrite: ((idToken: string) => string) | undefined): void;
  close(): Promise<void>;
}

export const CLIENT_ID = 'oncall';
export const CLIENT_SECRET = 'a-client-secret-of-the-test-provider-0123456789';
export const OTHER_CLIENT_ID = 'other-app';

/**
 * A real OpenID provider (`oidc-provider`) on 127.0.0.1, whose login and consent interaction
 * completes at once for the account the test names; the token endpoint's answer can be rewritten
 * to play a provider (or a network) that hands over a forged ID token.
 */
export async function startLocalOidcProvider(redirectUris: string[]): Promise<LocalOidcProvider> {
  let account: TestAccount | undefined;
  let rewrite: ((idToken: string) => string) | undefined;
  const accounts = new Map<string, TestAccount>();
  let provider: Provider | undefined;

  const interact = async (req: IncomingMessage, res: ServerResponse, p: Provider) => {
    const details = await p.interactionDetails(req, res);
    if (!account) throw new Error('signInAs was not called');
    accounts.set(account.sub, account);
    const grant = new p.Grant({ accountId: account.sub, clientId: String(details.params.client_id) });
    grant.addOIDCScope(String(details.params.scope));
    const grantId = await grant.save();
    await p.interactionFinished(
      req,
      res,
      { login: { accountId: account.sub }, consent: { grantId } },
      { mergeWithLastSubmission: false },
    );
  };

  const rewriteTokenAnswer = (res: ServerResponse, change: (idToken: string) => string) => {
    const end = res.end.bind(res);
    const setHeader = res.setHeader.bind(res);
    res.setHeader = (name: string, value: number | string | readonly string[]) =>
      name.toLowerCase() === 'content-length' ? res : setHeader(name, value);
    res.end = ((chunk?: unknown) => {
      const body = JSON.parse(String(chunk)) as { id_token?: string };
      if (body.id_token) body.id_token = change(body.id_token);
      return end(JSON.stringify(body));
    }) as ServerResponse['end'];
  };

  const server: Server = createServer((req, res) => {
    if (!provider) return res.writeHead(503).end();
    const p = provider;
    if (req.url?.startsWith('/interaction/')) {
      interact(req, res, p).catch((error: unknown) => res.writeHead(500).end(String(error)));
      return;
    }
    if (req.method === 'POST' && req.url?.startsWith('/token') && rewrite) {
      rewriteTokenAnswer(res, rewrite);
      rewrite = undefined;
    }
    p.callback()(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  provider = new Provider(issuer, {
    clients: [
      {
        client_id: CLIENT_ID,
        client_secret: CLIENT_SECRET,
        redirect_uris: redirectUris,
        token_endpoint_auth_method: 'client_secret_post',
      },
      {
        client_id: OTHER_CLIENT_ID,
        client_secret: `${CLIENT_SECRET}-other`,
        redirect_uris: redirectUris,
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    pkce: { required: () => true },
    // Without a userinfo endpoint every requested claim goes in the ID token, which is what the server reads.
    features: { devInteractions: { enabled: false }, userinfo: { enabled: false } },
    claims: {
      openid: ['sub'],
      profile: ['name', 'preferred_username', 'groups'],
      email: ['email', 'email_verified'],
    },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    findAccount: (_ctx, sub) => {
      const found = accounts.get(sub);
      return found ? { accountId: sub, claims: () => ({ ...found }) } : undefined;
    },
  });
  return {
    issuer,
    signInAs: (next) => {
      account = next;
    },
    rewriteNextIdToken: (next) => {
      rewrite = next;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * A genuine ID token for `OTHER_CLIENT_ID`, got through that client's own code flow with PKCE
 * (`redirectUri` is one of those the provider was started with). Given under the nonce of a sign-in
 * in progress and swapped in with `rewriteNextIdToken`, only its audience is wrong.
 */
export async function idTokenForOtherClient(
  idp: LocalOidcProvider,
  redirectUri: string,
  account: TestAccount,
  nonce: string,
): Promise<string> {
  idp.signInAs(account);
  const verifier = randomBytes(32).toString('base64url');
  const authorization = new URL(`${idp.issuer}/auth`);
  authorization.search = new URLSearchParams({
    client_id: OTHER_CLIENT_ID,
    response_type: 'code',
    scope: 'openid profile email',
    redirect_uri: redirectUri,
    state: 'other-state',
    nonce,
    code_challenge: createHash('sha256').update(verifier).digest('base64url'),
    code_challenge_method: 'S256',
  }).toString();
  const landed = await new Browser().follow(authorization.href, (next) => next.href.startsWith(redirectUri));
  const code = new URL(landed.url).searchParams.get('code') ?? '';
  const answer = await fetch(`${idp.issuer}/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      code,
      redirect_uri: redirectUri,
      client_id: OTHER_CLIENT_ID,
      client_secret: `${CLIENT_SECRET}-other`,
      code_verifier: verifier,
    }),
  });
  const body = (await answer.json()) as { id_token?: string };
  if (!body.id_token) throw new Error(`no ID token for the other client: ${JSON.stringify(body)}`);
  return body.id_token;
}
