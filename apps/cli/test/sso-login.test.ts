import { Browser } from '@oncall/testing/cookie-browser';
import { freePort } from '@oncall/testing/free-port';
import {
  CLIENT_ID,
  CLIENT_SECRET,
  idTokenForOtherClient,
  type LocalOidcProvider,
  startLocalOidcProvider,
  type TestAccount,
} from '@oncall/testing/oidc-provider';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { storedSession } from './support/keyring-peek';
import { cliHome, runCli } from './support/run-cli';
import { startTestServer, type TestServer } from './support/test-server';

const DANA: TestAccount = {
  sub: 'dana-subject',
  preferred_username: 'dana',
  name: 'Dana Example',
  email: 'dana@example.test',
  email_verified: true,
  groups: ['oncall-leads'],
};

/**
 * `oncall login --sso` against a server whose single sign-on is a real OpenID provider on
 * 127.0.0.1: the test plays the user's browser, opening the address the CLI prints.
 */
describe('login --sso (browser sign-in ending at the CLI loopback listener)', () => {
  let idp: LocalOidcProvider;
  let server: TestServer;
  let serverCallback: string;

  beforeAll(async () => {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    serverCallback = `${base}/api/v1/auth/oidc/callback`;
    idp = await startLocalOidcProvider([serverCallback]);
    server = await startTestServer({
      PORT: String(port),
      PUBLIC_URL: base,
      OIDC_ISSUER_URL: idp.issuer,
      OIDC_CLIENT_ID: CLIENT_ID,
      OIDC_CLIENT_SECRET: CLIENT_SECRET,
      OIDC_MANAGER_GROUPS: 'oncall-leads',
    });
  });

  afterAll(async () => {
    await server?.stop();
    await idp?.close();
  });

  /** Where the browser reaches the CLI's listener (the server runs on 127.0.0.1 too, under /api). */
  const atListener = (next: URL) => next.hostname === '127.0.0.1' && next.pathname === '/callback';

  /** Runs `oncall login --sso --no-browser` and opens what it prints as `visit` says. */
  const ssoLogin = async (home: ReturnType<typeof cliHome>, visit: (address: string) => Promise<void>) => {
    let visited: Promise<void> | undefined;
    const result = await runCli(home, ['login', '--sso', '--no-browser'], {
      onStderr: (text) => {
        const address = /^\s+(http:\/\/\S+\/auth\/oidc\/login\?\S+)$/m.exec(text)?.[1];
        if (address && !visited) visited = visit(address);
      },
    });
    await visited;
    return result;
  };

  it('signs in at the provider in a browser and keeps the session in the keyring', async () => {
    idp.signInAs(DANA);
    const home = cliHome(server.url);
    let browserPage = '';
    const result = await ssoLogin(home, async (address) => {
      const browser = new Browser();
      const atCli = await browser.follow(address, atListener);
      const landed = await browser.get(atCli.url);
      browserPage = await landed.text();
    });
    expect(result.stderr).toContain('Open this address in a browser');
    expect(result.code).toBe(0);
    expect(result.stderr).toContain(`Logged in to ${server.url} as dana`);
    expect(browserPage).toContain('Signed in to oncall as dana');
    expect(storedSession(home)).toMatchObject({ apiUrl: server.url, username: 'dana' });

    const who = await runCli(home, ['whoami']);
    expect(who.code).toBe(0);
    expect(who.stdout).toMatch(/^username\s+dana$/m);
    expect(who.stdout).toMatch(/^role\s+manager$/m);
  });

  it('turns away requests to its listener without its state, and keeps waiting for the real one', async () => {
    idp.signInAs(DANA);
    const home = cliHome(server.url);
    const forged: number[] = [];
    let browserPage = '';
    const result = await ssoLogin(home, async (address) => {
      // Any page open in the user's browser can reach 127.0.0.1: it must neither end nor steer the login.
      const listener = new URL(new URL(address).searchParams.get('cli_redirect') ?? '');
      expect(listener.searchParams.get('state')).toMatch(/^[A-Za-z0-9_-]{22}$/);
      for (const state of ['not-the-state', undefined]) {
        const attempt = new URL(listener);
        if (state) attempt.searchParams.set('state', state);
        else attempt.searchParams.delete('state');
        attempt.searchParams.set('error', 'sso_refused');
        forged.push((await fetch(attempt)).status);
        attempt.searchParams.delete('error');
        attempt.searchParams.set('code', 'a-code-of-the-attacker');
        forged.push((await fetch(attempt)).status);
      }
      const browser = new Browser();
      const atCli = await browser.follow(address, atListener);
      browserPage = await (await browser.get(atCli.url)).text();
    });
    expect(forged).toEqual([400, 400, 400, 400]);
    expect(result.code).toBe(0);
    expect(browserPage).toContain('Signed in to oncall as dana');
    expect(storedSession(home)).toMatchObject({ username: 'dana' });
  });

  it('refuses a provider answer whose state is not the one this sign-in started with', async () => {
    idp.signInAs(DANA);
    const home = cliHome(server.url);
    let status = 0;
    const result = await ssoLogin(home, async (address) => {
      const browser = new Browser();
      const atServer = await browser.follow(address, (next) => next.href.startsWith(serverCallback));
      const callback = new URL(atServer.url);
      callback.searchParams.set('state', 'not-the-state');
      const atCli = await browser.follow(callback.href, atListener);
      status = (await browser.get(atCli.url)).status;
    });
    expect(result.code).toBe(3);
    expect(result.stderr).toMatch(/Single sign-on refused: The sign-in response does not belong/);
    expect(status).toBe(401);
    expect(storedSession(home)).toBeUndefined();
  });

  it('refuses a genuine ID token the provider issued to another client', async () => {
    const home = cliHome(server.url);
    let status = 0;
    const result = await ssoLogin(home, async (address) => {
      const browser = new Browser();
      const start = await browser.get(address);
      const authorization = new URL(start.headers.get('location') ?? '');
      // Same account and nonce, another audience: only the `aud` check can tell.
      const other = await idTokenForOtherClient(
        idp,
        serverCallback,
        DANA,
        authorization.searchParams.get('nonce') ?? '',
      );
      idp.rewriteNextIdToken(() => other);
      const atCli = await browser.follow(authorization.href, atListener);
      status = (await browser.get(atCli.url)).status;
    });
    expect(result.code).toBe(3);
    expect(result.stderr).toMatch(
      /Single sign-on refused: The identity provider’s answer could not be verified/,
    );
    expect(status).toBe(401);
    expect(storedSession(home)).toBeUndefined();
  });

  it('ends with the auth exit code and keeps nothing when the provider answer is forged', async () => {
    idp.signInAs(DANA);
    idp.rewriteNextIdToken((token) => `${token.slice(0, -4)}AAAA`);
    const home = cliHome(server.url);
    let status = 0;
    const result = await ssoLogin(home, async (address) => {
      const browser = new Browser();
      const atCli = await browser.follow(address, atListener);
      status = (await browser.get(atCli.url)).status;
    });
    expect(result.code).toBe(3);
    expect(result.stderr).toMatch(/Single sign-on refused/);
    expect(status).toBe(401);
    expect(storedSession(home)).toBeUndefined();
  });

  it('says so when the server has no single sign-on', async () => {
    const result = await runCli(cliHome(inject('apiUrl')), ['login', '--sso', '--no-browser']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('Single sign-on is not configured');
  });
});
