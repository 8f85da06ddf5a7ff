import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export interface ServerProcess {
  url: string;
  adminPassword: string;
  /** The server's `ENCRYPTION_KEY`, for benchmarks that seal secrets (provider tokens) in the database. */
  encryptionKey: Buffer;
  /** The server's `JWT_SECRET`: another process of the same service (its engine workers) needs it. */
  jwtSecret: string;
  /** CPU time the server process has used so far, in ms (Linux; NaN elsewhere). */
  cpuMs(): number;
  stop(): Promise<void>;
  /** Ends the process at once (SIGKILL): a server whose event loop is stuck cannot run its SIGTERM handler. */
  kill(): Promise<void>;
}

/**
 * The server as users run it, in its own process, so the load generator does not share its event
 * loop. Throttles are lifted: the benchmark measures throughput, not the login limiter. `env` adds
 * to or overrides the environment (an ingestion limit, `ALLOW_PRIVATE_WEBHOOK_TARGETS`);
 * `ENGINE_DIRECT_DISPATCH` passes through from the benchmark's own environment.
 */
export async function startServerProcess(
  databaseUrl: string,
  port: number,
  env: Record<string, string> = {},
): Promise<ServerProcess> {
  const adminPassword = randomBytes(12).toString('base64url');
  // A second process over the same database (an engine-workers process) is given the first's keys.
  const encryptionKey = env.ENCRYPTION_KEY ? Buffer.from(env.ENCRYPTION_KEY, 'base64') : randomBytes(32);
  const jwtSecret = env.JWT_SECRET ?? randomBytes(48).toString('base64url');
  const serverDir = fileURLToPath(new URL('../../apps/server', import.meta.url));
  // From sources (tsx, the packages' `development` export condition): a benchmark needs no build.
  const args = [...nodeFlags(), '--conditions=development', '--import', 'tsx', 'src/main.ts'];
  const child = await spawnListening(process.execPath, args, {
    cwd: serverDir,
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'production',
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      ADMIN_PASSWORD: adminPassword,
      ENCRYPTION_KEY: encryptionKey.toString('base64'),
      JWT_SECRET: jwtSecret,
      LOGIN_MAX_ATTEMPTS_PER_IP: '1000000000',
      LOGIN_MAX_FAILURES_PER_ACCOUNT: '1000000000',
      // An A/B of the fire → page path: ENGINE_DIRECT_DISPATCH=false in the benchmark's environment.
      ...(process.env.ENGINE_DIRECT_DISPATCH
        ? { ENGINE_DIRECT_DISPATCH: process.env.ENGINE_DIRECT_DISPATCH }
        : {}),
      ...env,
    },
  });
  return {
    url: `http://127.0.0.1:${port}`,
    adminPassword,
    encryptionKey,
    jwtSecret,
    cpuMs: () => processCpuMs(child),
    stop: () => stopChild(child),
    kill: () => killChild(child),
  };
}

/**
 * User + system CPU of a child from /proc, in ms: what a request costs the server, a figure that
 * holds when other work on the machine makes latencies and rates swing.
 */
export function processCpuMs(child: ChildProcess): number {
  return child.pid === undefined ? Number.NaN : pidCpuMs(child.pid);
}

/** As `processCpuMs`, for any process of this machine by its id (a PostgreSQL backend). */
export function pidCpuMs(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the parenthesised command name; utime and stime are the 14th and 15th, in ticks of 10 ms.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return Number.NaN;
  }
}

/** `BENCH_SERVER_CPU_PROF=dir` writes a V8 CPU profile of each server process there when it stops. */
function nodeFlags(): string[] {
  const dir = process.env.BENCH_SERVER_CPU_PROF;
  return dir ? ['--cpu-prof', `--cpu-prof-dir=${dir}`] : [];
}

/** Starts a process and resolves once it prints `listening on` to stdout. */
export function spawnListening(
  command: string,
  args: string[],
  options: { cwd: string; env: Record<string, string> },
): Promise<ChildProcess> {
  const child = spawn(command, args, { ...options, stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), 60_000);
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('listening on')) {
        clearTimeout(timer);
        resolve(child);
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}:\n${output}`));
    });
  });
}

export function killChild(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGKILL');
  });
}

export function stopChild(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}
