import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';

export interface ServerProcess {
  url: string;
  adminPassword: string;
  stop(): Promise<void>;
}

/**
 * The server as users run it, in its own process, so the load generator does not share its event
 * loop. Throttles are lifted: the benchmark measures throughput, not the login limiter.
 */
export async function startServerProcess(databaseUrl: string, port: number): Promise<ServerProcess> {
  const adminPassword = randomBytes(12).toString('base64url');
  const serverDir = fileURLToPath(new URL('../../apps/server', import.meta.url));
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverDir,
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'production',
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      ADMIN_PASSWORD: adminPassword,
      ENCRYPTION_KEY: randomBytes(32).toString('base64'),
      JWT_SECRET: randomBytes(48).toString('base64url'),
      LOGIN_MAX_ATTEMPTS_PER_IP: '1000000000',
      LOGIN_MAX_FAILURES_PER_ACCOUNT: '1000000000',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await waitForListening(child);
  return {
    url: `http://127.0.0.1:${port}`,
    adminPassword,
    stop: () =>
      new Promise((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

function waitForListening(child: ChildProcess): Promise<void> {
  return new Promise((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), 60_000);
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('listening on')) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}:\n${output}`));
    });
  });
}
