import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { storedSession } from './support/keyring-peek';
import { cliHome, runCli } from './support/run-cli';
import { ADMIN_PASSWORD, startTestServer, type TestServer } from './support/test-server';

const login = (home: ReturnType<typeof cliHome>, extra: string[] = [], noKeyring = false) =>
  runCli(home, ['login', '-u', 'admin', '--password-stdin', ...extra], {
    input: `${ADMIN_PASSWORD}\n`,
    noKeyring,
  });

describe('login, whoami, auth status, logout (tokens in the kernel keyring)', () => {
  const apiUrl = inject('apiUrl');

  it('logs in from stdin, keeps the tokens in the keyring only, and logout ends the session on the server', async () => {
    const home = cliHome(apiUrl);
    const logged = await login(home);
    expect(logged.code).toBe(0);
    expect(logged.stderr).toContain(`Logged in to ${apiUrl} as admin`);
    const stored = storedSession(home);
    expect(stored).toMatchObject({ apiUrl, username: 'admin' });
    // No token in any file of the config directory.
    expect(readdirSync(home.configDir)).toEqual(['config.json']);

    const who = await runCli(home, ['whoami']);
    expect(who.code).toBe(0);
    expect(who.stdout).toMatch(/^username\s+admin$/m);
    expect(who.stdout).toMatch(/^role\s+owner$/m);
    const whoJson = JSON.parse((await runCli(home, ['whoami', '-o', 'json'])).stdout);
    expect(whoJson).toMatchObject({ username: 'admin', role: 'owner' });

    const status = await runCli(home, ['auth', 'status']);
    expect(status.code).toBe(0);
    expect(status.stdout).toMatch(/^storage\s+OS keyring$/m);
    expect(status.stdout).toMatch(/^session\s+valid$/m);
    expect(status.stdout).toContain(`${apiUrl} (from ONCALL_API_URL)`);

    const out = await runCli(home, ['logout']);
    expect(out.code).toBe(0);
    expect(storedSession(home)).toBeUndefined();
    // The server ended the session: its refresh token no longer renews it.
    const refresh = await fetch(`${apiUrl}/api/v1/auth/refresh`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ refreshToken: stored?.refreshToken }),
    });
    expect(refresh.status).toBe(401);
    const after = await runCli(home, ['whoami']);
    expect(after.code).toBe(3);
    expect(after.stderr).toContain('Not logged in');
    expect((await runCli(home, ['auth', 'status'])).code).toBe(3);
  });

  it('refuses a wrong password with the auth exit code and keeps nothing', async () => {
    const home = cliHome(apiUrl);
    const result = await runCli(home, ['login', '-u', 'admin', '--password-stdin'], {
      input: 'wrong-password',
    });
    expect(result.code).toBe(3);
    expect(storedSession(home)).toBeUndefined();
  });

  it('without a terminal and without --password-stdin, says how to pass the password', async () => {
    const result = await runCli(cliHome(apiUrl), ['login', '-u', 'admin']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('--password-stdin');
  });

  it('asks to log in again when the server refuses to renew the session', async () => {
    const home = cliHome(apiUrl);
    expect((await login(home)).code).toBe(0);
    const stored = storedSession(home);
    // The session ends elsewhere (another terminal's logout, an admin): both tokens die with it.
    const ended = await fetch(`${apiUrl}/api/v1/auth/logout`, {
      method: 'POST',
      headers: { authorization: `Bearer ${stored?.accessToken}` },
    });
    expect(ended.status).toBe(200);
    const result = await runCli(home, ['alert-rules', 'list']);
    expect(result.code).toBe(3);
    expect(result.stderr).toContain('refused to renew the session');
    expect(result.stderr).toContain('log in again: oncall login');
  });

  it('names profiles: two users of two servers side by side, each with its own tokens', async () => {
    const home = cliHome(apiUrl);
    const staging = await runCli(
      home,
      ['login', '-u', 'admin', '--password-stdin', '--profile', 'staging', '--api-url', apiUrl],
      { input: ADMIN_PASSWORD },
    );
    expect(staging.code).toBe(0);
    expect(storedSession(home, 'staging')).toBeDefined();
    expect(storedSession(home, 'default')).toBeUndefined();
    // The address given at login is the profile's from then on, even with no ONCALL_API_URL.
    const withoutEnv = { ...home, env: { ...home.env, ONCALL_API_URL: '' } };
    expect((await runCli(withoutEnv, ['--profile', 'staging', 'whoami'])).code).toBe(0);
    expect((await runCli(withoutEnv, ['whoami'])).code).toBe(3);
    const viaEnv = await runCli({ ...withoutEnv, env: { ...withoutEnv.env, ONCALL_PROFILE: 'staging' } }, [
      'whoami',
    ]);
    expect(viaEnv.code).toBe(0);
    // Tokens of one server are never sent to another.
    const elsewhere = await runCli(home, [
      '--profile',
      'staging',
      '--api-url',
      'http://127.0.0.1:9',
      'whoami',
    ]);
    expect(elsewhere.code).toBe(3);
    expect(elsewhere.stderr).toContain(`logged in to ${apiUrl}, not http://127.0.0.1:9`);
  });

  it('reports an unreachable server with its own exit code and where the address came from', async () => {
    const home = cliHome('http://127.0.0.1:9');
    const result = await runCli(home, ['login', '-u', 'admin', '--password-stdin'], { input: 'x' });
    expect(result.code).toBe(7);
    expect(result.stderr).toContain('Cannot reach the server at http://127.0.0.1:9');
    expect(result.stderr).toContain('from ONCALL_API_URL');
  });
});

describe('no keyring reachable', () => {
  const apiUrl = inject('apiUrl');

  it('refuses to log in, and says how to get a keyring or opt in to plaintext', async () => {
    const home = cliHome(apiUrl);
    const result = await login(home, [], true);
    expect(result.code).toBe(8);
    expect(result.stderr).toContain('No OS keyring is reachable');
    expect(result.stderr).toContain('keyctl session');
    expect(result.stderr).toContain('Secret Service');
    expect(result.stderr).toContain('--insecure-storage');
  });

  it('with --insecure-storage keeps the tokens in a 0600 file, which auth status keeps flagging', async () => {
    const home = cliHome(apiUrl);
    const result = await login(home, ['--insecure-storage'], true);
    expect(result.code).toBe(0);
    expect(result.stderr).toContain('PLAINTEXT');
    const file = join(home.configDir, 'insecure-credentials.json');
    expect(statSync(file).mode & 0o777).toBe(0o600);

    const who = await runCli(home, ['whoami'], { noKeyring: true });
    expect(who.code).toBe(0);
    const status = await runCli(home, ['auth', 'status'], { noKeyring: true });
    expect(status.code).toBe(0);
    expect(status.stdout).toMatch(
      /^storage\s+PLAINTEXT FILE .*insecure-credentials\.json \(--insecure-storage\)/m,
    );
    expect(status.stderr).toContain('warning: this profile keeps its tokens in a plaintext file');
    const json = JSON.parse(
      (await runCli(home, ['auth', 'status', '-o', 'json'], { noKeyring: true })).stdout,
    );
    expect(json).toMatchObject({ storage: 'insecure-file', loggedIn: true });

    expect((await runCli(home, ['logout'], { noKeyring: true })).code).toBe(0);
    expect(() => statSync(file)).toThrow();
  });
});

describe('refresh after the access token expires', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ ACCESS_TOKEN_TTL_SECONDS: '1' });
  });
  afterAll(async () => server?.stop());

  it('renews the session once on a 401 and retries, keeping the new tokens in the keyring', {
    timeout: 90_000,
  }, async () => {
    const home = cliHome(server.url);
    expect((await login(home)).code).toBe(0);
    const before = storedSession(home);
    // The server accepts an access token up to 5 s past its expiry (clock skew): wait past both.
    await new Promise((resolve) => setTimeout(resolve, 7_000));
    const who = await runCli(home, ['whoami', '-o', 'json']);
    expect(who.stderr).toBe('');
    expect(who.code).toBe(0);
    expect(JSON.parse(who.stdout)).toMatchObject({ username: 'admin' });
    const after = storedSession(home);
    expect(after?.accessToken).not.toBe(before?.accessToken);
    expect(after?.refreshToken).not.toBe(before?.refreshToken);
  });
});
