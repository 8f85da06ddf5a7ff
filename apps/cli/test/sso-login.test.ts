import { createServer } from 'node:net';
import { Browser } from '@oncall/testing/cookie-browser';
import {
  CLIENT_ID,
  CLIENT_SECRET,
  type LocalOidcProvider,
  startLocalOidcProvider,
  type TestAccount,
} from '@oncall/testing/oidc-provider';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { storedSession } from './support/keyring-peek';
import { cliHome, runCli } from './support/run-cli';
import { startTestServer, type TestServer } from './support/test-server';

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

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

  beforeAll(async () => {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    idp = await startLocalOidcProvider([`${base}/api/v1/auth/oidc/callback`]);
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
      const atCli = await browser.follow(
        address,
        (next) => next.hostname === '127.0.0.1' && next.pathname === '/callback',
      );
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

  it('ends with the auth exit code and keeps nothing when the provider answer is forged', async () => {
    idp.signInAs(DANA);
    idp.rewriteNextIdToken((token) => `${token.slice(0, -4)}AAAA`);
    const home = cliHome(server.url);
    let status = 0;
    const result = await ssoLogin(home, async (address) => {
      const browser = new Browser();
      const atCli = await browser.follow(
        address,
        (next) => next.hostname === '127.0.0.1' && next.pathname === '/callback',
      );
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
