import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createTestDatabase, type TestDatabase } from '@oncall/db/testing';
import { freePort } from '@oncall/testing/free-port';

const root = fileURLToPath(new URL('../../../..', import.meta.url));
const tsx = join(root, 'node_modules/.bin/tsx');
export const ADMIN_PASSWORD = 'cli-admin-pass-1';
const STARTUP_MS = 150_000;

export interface TestServer {
  url: string;
  stop(): Promise<void>;
}

/**
 * The real server, from its sources, as its own process: on a fresh PostgreSQL database of its own
 * (copied from the migrated template) when PostgreSQL answers, else on embedded PGlite in a
 * temporary data directory. `env` adds settings (a short token lifetime, for instance).
 */
export async function startTestServer(env: Record<string, string> = {}): Promise<TestServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'oncall-cli-server-'));
  const database: TestDatabase = await createTestDatabase();
  // The server opens its own connections; this one only holds the database until the end.
  const databaseUrl = database.target.kind === 'postgres' ? database.target.url : undefined;
  const port = env.PORT ? Number(env.PORT) : await freePort();
  const { DATABASE_URL: _, ...inherited } = process.env;
  const child: ChildProcess = spawn(
    tsx,
    ['--conditions=development', join(root, 'apps/server/src/main.ts')],
    {
      cwd: join(root, 'apps/server'),
      env: {
        ...inherited,
        ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
        DATA_DIR: dataDir,
        HOST: '127.0.0.1',
        PORT: String(port),
        ADMIN_PASSWORD,
        LOG_LEVEL: 'warn',
        NODE_ENV: 'development',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const deadline = Date.now() + STARTUP_MS;
  while (!output.includes('listening on')) {
    if (child.exitCode !== null || Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`the test server did not start:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    url: `http://127.0.0.1:${port}`,
    async stop() {
      child.kill('SIGTERM');
      const killer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(killer);
      await database.dispose();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
