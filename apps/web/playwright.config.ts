import { defineConfig } from '@playwright/test';
import { E2E_BASE_URL, E2E_PORT, E2E_SUBPATH_PORT, E2E_SUBPATH_URL } from './e2e/support/e2e-env';

const server = (port: number, readyUrl: string, publicUrl?: string, sso = false) => ({
  command: 'node --import tsx --conditions=development e2e/support/serve.ts',
  env: {
    E2E_PORT: String(port),
    ...(publicUrl ? { E2E_PUBLIC_URL: publicUrl } : {}),
    ...(sso ? { E2E_SSO: '1' } : {}),
  },
  url: readyUrl,
  timeout: 180_000,
  reuseExistingServer: false,
  stdout: 'pipe' as const,
  gracefulShutdown: { signal: 'SIGTERM' as const, timeout: 20_000 },
});

/**
 * The browser tests: Debian's chromium (no browser download) against the real server on PostgreSQL,
 * once at the root and once under a sub-path (`PUBLIC_URL` with a path, and single sign-on through a
 * local OpenID provider). `npm run test:e2e` builds the UI first.
 */
export default defineConfig({
  testDir: 'e2e',
  workers: 1,
  fullyParallel: false,
  forbidOnly: Boolean(process.env.CI),
  // One retry in CI, reported as flaky in the list: the provider-config spec failed once in a full
  // run on a loaded box and passed alone (its cause is not yet found; see docs/ui.md).
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 15_000 },
  reporter: [['list']],
  use: {
    baseURL: E2E_BASE_URL,
    trace: 'retain-on-failure',
    launchOptions: { executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' },
  },
  projects: [{ name: 'chromium', use: { browserName: 'chromium' } }],
  webServer: [
    server(E2E_PORT, `${E2E_BASE_URL}/readyz`),
    server(E2E_SUBPATH_PORT, `${E2E_SUBPATH_URL}/readyz`, E2E_SUBPATH_URL, true),
  ],
});
