import { createHash, randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { createServer } from 'node:net';
import type { OidcSettings } from '@oncall/config';
import { ADMIN, type TestCore } from '@oncall/testing';
import { Browser } from '@oncall/testing/cookie-browser';
import {
  CLIENT_ID,
  CLIENT_SECRET,
  idTokenForOtherClient,
  type LocalOidcProvider,
  startLocalOidcProvider,
  type TestAccount,
} from '@oncall/testing/oidc-provider';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/build-app';
import { createServerTestCore } from './support/test-app';

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

const ALICE: TestAccount = {
  sub: 'alice-subject',
  preferred_username: 'alice',
  name: 'Alice Example',
  email: 'alice@example.test',
  email_verified: true,
  groups: ['oncall-admins', 'db-oncall'],
};
const BOB: TestAccount = {
  sub: 'bob-subject',
  preferred_username: 'bob',
  name: 'Bob Example',
  email: 'bob@example.test',
  email_verified: true,
  groups: ['web-oncall'],
};

/** A base64url JSON part of a JWT, changed. */
function withPayload(jwt: string, change: (claims: Record<string, unknown>) => void): string {
  const [header = '', payload = '', signature = ''] = jwt.split('.');
  const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>;
  change(claims);
  return `${header}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.${signature}`;
}

/**
 * Single sign-on against a real OpenID provider on 127.0.0.1: the authorization code flow with
 * PKCE end to end over HTTP, the role and team mapping, and the answers the server must refuse.
 */
describe('OpenID Connect single sign-on', () => {
  let t: TestCore;
  let idp: LocalOidcProvider;
  let app: FastifyInstance;
  let base: string;
  let settings: OidcSettings;

  beforeAll(async () => {
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    idp = await startLocalOidcProvider([`${base}/api/v1/auth/oidc/callback`]);
    t = await createServerTestCore({ localLogin: false });
    settings = {
      issuerUrl: idp.issuer,
      clientId: CLIENT_ID,
      clientSecret: CLIENT_SECRET,
      scopes: ['openid', 'profile', 'email'],
      groupsClaim: 'groups',
      usernameClaim: 'preferred_username',
      ownerGroups: ['oncall-admins'],
      managerGroups: ['oncall-leads'],
      teamGroups: [
        { group: 'db-oncall', team: 'Database' },
        { group: 'web-oncall', team: 'Web' },
      ],
    };
    app = await buildApp({
      core: t.core,
      ping: t.database.db.ping,
      logLevel: 'silent',
      bodyLimitBytes: 64 * 1024,
      trustProxy: false,
      publicUrl: base,
      oidc: settings,
    });
    await app.listen({ port, host: '127.0.0.1' });
    const adminId = await t.createUser('team-owner', 'owner', 'team-owner-password');
    for (const name of ['Database', 'Web']) {
      await t.core.orm.em
        .getConnection()
        .execute(
          `insert into teams (id, name, owner_id, created_at, updated_at) values (gen_random_uuid(), ?, ?, now(), now())`,
          [name, adminId],
        );
    }
  });

  afterAll(async () => {
    await app?.close();
    await idp?.close();
    await t?.dispose();
  });

  /** Signs in through the provider; answers the callback's response and the browser. */
  const ssoLogin = async (
    account: TestAccount,
    beforeCallback?: (callback: URL, authorization: URL) => Promise<void> | void,
  ) => {
    idp.signInAs(account);
    const browser = new Browser();
    const start = await browser.get(`${base}/api/v1/auth/oidc/login`);
    const authorization = new URL(start.headers.get('location') ?? '');
    const atProvider = await browser.follow(authorization.href, (next) =>
      next.pathname.endsWith('/auth/oidc/callback'),
    );
    const callback = new URL(atProvider.url);
    await beforeCallback?.(callback, authorization);
    const response = await browser.get(callback.href);
    return { response, browser, callback };
  };

  /** The browser login variant's refresh, as the UI makes it after landing. */
  const browserRefresh = (browser: Browser) =>
    fetch(`${base}/trpc/auth.browserRefresh`, {
      method: 'POST',
      headers: {
        'x-oncall-browser': '1',
        'content-type': 'application/json',
        cookie: `oncall_refresh=${browser.cookies.get('oncall_refresh') ?? ''}`,
      },
    });

  const teamsOf = async (username: string) => {
    const rows = await t.core.orm.em.getConnection().execute<Array<{ name: string }>>(
      `select t.name from teams t join team_members m on m.team_id = t.id join users u on u.id = m.user_id
          where u.username = ? order by t.name`,
      [username],
    );
    return rows.map((row: { name: string }) => row.name);
  };

  it('tells the UI and the CLI that single sign-on is on and password login is not', async () => {
    const answer = await (await fetch(`${base}/api/v1/auth/providers`)).json();
    expect(answer).toEqual({ sso: true, localLogin: false, ssoLoginPath: '/api/v1/auth/oidc/login' });
  });

  it('sends the browser to the provider with PKCE, a state and a nonce, writing nothing', async () => {
    const users = await t.core.orm.em.getConnection().execute('select count(*)::int as n from users');
    const response = await new Browser().get(`${base}/api/v1/auth/oidc/login`);
    expect(response.status).toBe(302);
    const to = new URL(response.headers.get('location') ?? '');
    expect(to.origin).toBe(idp.issuer);
    expect(to.searchParams.get('code_challenge_method')).toBe('S256');
    expect(to.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(to.searchParams.get('state')).toBeTruthy();
    expect(to.searchParams.get('nonce')).toBeTruthy();
    expect(to.searchParams.get('redirect_uri')).toBe(`${base}/api/v1/auth/oidc/callback`);
    expect(response.headers.get('set-cookie')).toMatch(/^oncall_oidc=.*HttpOnly; SameSite=Lax/);
    expect(await t.core.orm.em.getConnection().execute('select count(*)::int as n from users')).toEqual(
      users,
    );
  });

  it('signs a new user in end to end, maps groups to role and teams, and starts a browser session', async () => {
    const { response, browser } = await ssoLogin(ALICE);
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe('/');
    expect(browser.cookies.get('oncall_refresh')).toMatch(/^rt_/);
    expect(browser.cookies.has('oncall_oidc')).toBe(false);

    const refreshed = await browserRefresh(browser);
    expect(refreshed.status).toBe(200);
    const pair = (await refreshed.json()) as { result: { data: { accessToken: string } } };
    const me = await fetch(`${base}/api/v1/auth/me`, {
      headers: { authorization: `Bearer ${pair.result.data.accessToken}` },
    });
    expect(await me.json()).toMatchObject({ username: 'alice', name: 'Alice Example', role: 'owner' });
    expect(await teamsOf('alice')).toEqual(['Database']);
  });

  it('finds the same user by subject next time and follows the groups as they change', async () => {
    await ssoLogin({ ...ALICE, preferred_username: 'alice-renamed', groups: ['web-oncall'] });
    const rows = await t.core.orm.em
      .getConnection()
      .execute<Array<{ username: string; role: string }>>(
        `select username, role from users where username like 'alice%'`,
      );
    expect(rows).toEqual([{ username: 'alice', role: 'member' }]);
    expect(await teamsOf('alice')).toEqual(['Web']);
  });

  it('refuses an ID token whose claims were changed after the provider signed it', async () => {
    idp.rewriteNextIdToken((token) =>
      withPayload(token, (claims) => {
        claims.groups = ['oncall-admins'];
      }),
    );
    const { response, browser } = await ssoLogin(BOB);
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ code: 'sso_refused' });
    expect(browser.cookies.has('oncall_refresh')).toBe(false);
    expect(await teamsOf('bob')).toEqual([]);
  });

  it('refuses a genuine ID token the provider issued to another client', async () => {
    let otherToken = '';
    const { response } = await ssoLogin(BOB, async (_callback, authorization) => {
      // The other client's own code flow, under the nonce of this sign-in, so only the audience differs.
      otherToken = await idTokenForOtherClient(
        idp,
        `${base}/api/v1/auth/oidc/callback`,
        BOB,
        authorization.searchParams.get('nonce') ?? '',
      );
      idp.rewriteNextIdToken(() => otherToken);
    });
    expect(otherToken.split('.')).toHaveLength(3);
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ code: 'sso_refused' });
  });

  it('refuses a callback whose state is not the one this browser started with', async () => {
    const { response } = await ssoLogin(BOB, (callback) => {
      callback.searchParams.set('state', 'not-the-state');
    });
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({
      code: 'sso_refused',
      message: 'The sign-in response does not belong to this sign-in attempt; start again.',
    });
  });

  it('refuses to take over a local account by a matching username alone (409, no session)', async () => {
    await t.createUser('carol', 'member', 'carol-password');
    const carol = { ...BOB, sub: 'carol-subject', preferred_username: 'carol', email_verified: false };
    const { response, browser } = await ssoLogin(carol);
    expect(response.status).toBe(409);
    expect((await response.json()).message).toMatch(/local account/);
    expect(browser.cookies.has('oncall_refresh')).toBe(false);
  });

  it('refuses a callback with no sign-in started in this browser', async () => {
    const response = await new Browser().get(`${base}/api/v1/auth/oidc/callback?code=x&state=y`);
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ code: 'login_attempt_missing' });
  });

  /** The CLI's variant: the browser ends at the CLI's loopback listener instead of the UI. */
  const cliLogin = async (account: TestAccount, challenge: string) => {
    idp.signInAs(account);
    // The CLI's own state rides in its listener's query, which the server must keep.
    const listener = 'http://127.0.0.1:45999/callback';
    const query = new URLSearchParams({
      cli_redirect: `${listener}?state=cli-state`,
      cli_challenge: challenge,
    });
    const browser = new Browser();
    const landed = await browser.follow(`${base}/api/v1/auth/oidc/login?${query}`, (next) =>
      next.href.startsWith(listener),
    );
    return { landed: new URL(landed.url), browser };
  };
  const redeem = (body: unknown) =>
    fetch(`${base}/api/v1/auth/oidc/cli-token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  const pkce = () => {
    const verifier = randomBytes(32).toString('base64url');
    return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
  };

  it('signs the CLI in: the browser brings a code to its loopback listener, redeemed with the verifier only', async () => {
    const { verifier, challenge } = pkce();
    const sessions = async () =>
      (await t.core.orm.em.getConnection().execute('select count(*)::int as n from auth_sessions'))[0];
    const before = await sessions();
    const { landed, browser } = await cliLogin(ALICE, challenge);
    const code = landed.searchParams.get('code') ?? '';
    expect(code).not.toBe('');
    expect(landed.searchParams.get('state')).toBe('cli-state');
    // The browser holds no session of its own, and none exists until the CLI redeems the code.
    expect(browser.cookies.has('oncall_refresh')).toBe(false);
    expect(await sessions()).toEqual(before);

    const wrong = await redeem({ code, verifier: pkce().verifier });
    expect(wrong.status).toBe(401);
    expect(await sessions()).toEqual(before);

    const answer = await redeem({ code, verifier });
    expect(answer.status).toBe(200);
    const pair = (await answer.json()) as {
      accessToken: string;
      refreshToken: string;
      user: { username: string };
    };
    expect(pair.user.username).toBe('alice');
    expect(pair.refreshToken).toMatch(/^rt_/);
    const me = await fetch(`${base}/api/v1/auth/me`, {
      headers: { authorization: `Bearer ${pair.accessToken}` },
    });
    expect(await me.json()).toMatchObject({ username: 'alice' });
  });

  it('tells the CLI, not the browser, when the provider answer fails verification', async () => {
    idp.rewriteNextIdToken((token) =>
      withPayload(token, (claims) => {
        claims.groups = ['oncall-admins'];
      }),
    );
    const { landed } = await cliLogin(BOB, pkce().challenge);
    expect(landed.searchParams.get('error')).toBe('sso_refused');
    expect(landed.searchParams.get('error_description')).toMatch(/could not be verified/);
    expect(landed.searchParams.has('code')).toBe(false);
    expect(landed.searchParams.get('state')).toBe('cli-state');
  });

  it('sends the sign-in code to loopback addresses only, and refuses forged or malformed codes', async () => {
    for (const cli_redirect of [
      'http://attacker.example:8080/cb',
      'https://127.0.0.1:9/cb',
      'http://127.0.0.1/cb',
    ]) {
      const query = new URLSearchParams({ cli_redirect, cli_challenge: pkce().challenge });
      const response = await new Browser().get(`${base}/api/v1/auth/oidc/login?${query}`);
      expect(response.status).toBe(422);
      expect((await response.json()).errors).toHaveProperty('cli_redirect');
    }
    const alone = await new Browser().get(
      `${base}/api/v1/auth/oidc/login?cli_redirect=${encodeURIComponent('http://127.0.0.1:9/cb')}`,
    );
    expect(alone.status).toBe(422);
    expect((await alone.json()).errors).toHaveProperty('cli_challenge');

    const forged = await redeem({ code: 'v1:AAAA:BBBB:CCCC', verifier: pkce().verifier });
    expect(forged.status).toBe(401);
    const malformed = await redeem({ code: 'x', verifier: 'short' });
    expect(malformed.status).toBe(422);
    expect((await malformed.json()).errors).toHaveProperty('verifier');
  });

  it('refuses password login to everyone but the system admin while local login is off', async () => {
    await t.createUser('local-user', 'member', 'local-user-password');
    const login = (username: string, password: string) =>
      fetch(`${base}/api/v1/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username, password }),
      });
    const refused = await login('local-user', 'local-user-password');
    expect(refused.status).toBe(403);
    expect((await refused.json()).message).toMatch(/single sign-on/);
    expect((await login(ADMIN.username, ADMIN.password)).status).toBe(200);
  });
});
