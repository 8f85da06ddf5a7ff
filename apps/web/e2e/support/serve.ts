// The real server for the browser tests, from its sources, on a fresh PostgreSQL database that is
// dropped when Playwright stops it. Run with tsx: `tsx --conditions=development e2e/support/serve.ts`.
// The web build (`vite build`) must exist: the server serves it.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { adminQuery, findPostgres } from '@oncall/db/testing';
import { CLIENT_ID, CLIENT_SECRET, startLocalOidcProvider } from '@oncall/testing/oidc-provider';
import { E2E_ADMIN, E2E_SSO_ACCOUNT } from './e2e-env';

const port = process.env.E2E_PORT ?? '3917';
const publicUrl = process.env.E2E_PUBLIC_URL;
const adminUrl = await findPostgres(process.env.TEST_DATABASE_URL);
if (!adminUrl) throw new Error('The browser tests need PostgreSQL on 127.0.0.1:5432 (or TEST_DATABASE_URL).');
const name = `oncall_e2e_${randomBytes(6).toString('hex')}`;
await adminQuery(adminUrl, `create database "${name}"`);
const databaseUrl = new URL(adminUrl);
databaseUrl.pathname = `/${name}`;
const dataDir = mkdtempSync(join(tmpdir(), 'oncall-e2e-'));
// With E2E_SSO, single sign-on through a real OpenID provider on 127.0.0.1 that signs in
// E2E_SSO_ACCOUNT without a form (password login stays on).
const identityProvider =
  process.env.E2E_SSO === '1'
    ? await startLocalOidcProvider([`${publicUrl ?? `http://127.0.0.1:${port}`}/api/v1/auth/oidc/callback`])
    : undefined;
identityProvider?.signInAs(E2E_SSO_ACCOUNT);

const serverDir = fileURLToPath(new URL('../../../server', import.meta.url));
const server = spawn(process.execPath, ['--import', 'tsx', '--conditions=development', 'src/main.ts'], {
  cwd: serverDir,
  env: {
    ...process.env,
    NODE_ENV: 'development',
    HOST: '127.0.0.1',
    PORT: port,
    DATABASE_URL: databaseUrl.toString(),
    DATA_DIR: dataDir,
    ADMIN_USERNAME: E2E_ADMIN.username,
    ADMIN_PASSWORD: E2E_ADMIN.password,
    LOG_LEVEL: 'warn',
    // The fake SMS provider the endpoint tests catch one-time codes with listens on 127.0.0.1.
    ALLOW_PRIVATE_WEBHOOK_TARGETS: 'true',
    ...(publicUrl ? { PUBLIC_URL: publicUrl } : {}),
    ...(identityProvider
      ? {
          OIDC_ISSUER_URL: identityProvider.issuer,
          OIDC_CLIENT_ID: CLIENT_ID,
          OIDC_CLIENT_SECRET: CLIENT_SECRET,
          OIDC_MANAGER_GROUPS: E2E_SSO_ACCOUNT.groups.join(','),
        }
      : {}),
  },
  stdio: 'inherit',
});

let stopping = false;
const stop = async () => {
  if (stopping) return;
  stopping = true;
  server.kill('SIGTERM');
  if (server.exitCode === null) await new Promise((resolve) => server.once('exit', resolve));
  await identityProvider?.close();
  await adminQuery(adminUrl, `drop database if exists "${name}" with (force)`).catch(() => undefined);
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(0);
};
process.on('SIGTERM', () => void stop());
process.on('SIGINT', () => void stop());
server.once('exit', (code) => {
  if (!stopping) {
    process.stderr.write(`the server exited with ${code}\n`);
    void stop();
  }
});
