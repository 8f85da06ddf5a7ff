import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort, portIsFree } from '@oncall/testing/free-port';
import { afterAll, afterEach, describe, expect, it } from 'vitest';

// `npm start` as a user runs it: the start script builds (turbo: the web UI, cached, and the server's
// bundle), runs the compiled server, and must leave nothing behind when it is told to stop.
const root = fileURLToPath(new URL('../../..', import.meta.url));
const STARTUP_DEADLINE_MS = 240_000;

interface Started {
  process: ChildProcess;
  port: number;
  output: () => string;
}

describe('npm start', { timeout: STARTUP_DEADLINE_MS + 60_000 }, () => {
  const scratch = mkdtempSync(join(tmpdir(), 'oncall-npm-start-'));
  afterAll(() => rmSync(scratch, { recursive: true, force: true }));
  // A failed assertion before the stop must not leave the tree running: the ids seen are killed.
  const seen: number[] = [];
  afterEach(() => {
    for (const pid of seen.splice(0).filter(alive)) process.kill(pid, 'SIGKILL');
  });

  it('keeps the embedded database in data/ of the directory it was run in, and SIGTERM to npm stops every process it started', async () => {
    const cwd = mkdtempSync(join(scratch, 'run-'));
    const started = await start('npm', ['--prefix', root, 'start'], cwd, {});
    const tree = await runningTree(started);
    seen.push(...tree);

    const dataDir = join(cwd, 'data');
    expect(existsSync(join(dataDir, 'pglite', 'PG_VERSION'))).toBe(true);
    expect(existsSync(join(dataDir, 'secrets'))).toBe(true);
    const serverPid = Number(readFileSync(join(dataDir, 'pglite.pid'), 'utf8'));
    expect(tree).toContain(serverPid);
    expect(started.output()).toContain(`embedded PGlite in ${join(dataDir, 'pglite')}`);

    await expect(stop(started, 'SIGTERM')).resolves.toEqual({ code: 0, signal: null });
    expect(tree.filter(alive)).toEqual([]);
    await expect(portIsFree(started.port)).resolves.toBe(true);
    // The server closed its database: the claim beside the data directory is given back.
    expect(existsSync(join(dataDir, 'pglite.pid'))).toBe(false);
  });

  it('Ctrl-C (SIGINT) to the start script stops the server it runs', async () => {
    const dataDir = join(scratch, 'sigint-data');
    const started = await start(process.execPath, ['scripts/start.mjs'], root, { DATA_DIR: dataDir });
    const tree = await runningTree(started);
    seen.push(...tree);
    expect(tree.length).toBeGreaterThanOrEqual(2);

    await expect(stop(started, 'SIGINT')).resolves.toEqual({ code: 0, signal: null });
    expect(tree.filter(alive)).toEqual([]);
    await expect(portIsFree(started.port)).resolves.toBe(true);
    expect(existsSync(join(dataDir, 'pglite.pid'))).toBe(false);
  });
});

async function start(
  command: string,
  args: string[],
  cwd: string,
  extra: NodeJS.ProcessEnv,
): Promise<Started> {
  const port = await freePort();
  // Neither a PostgreSQL URL, a preset admin password nor a data directory from the caller's environment
  // (nor the INIT_CWD of the npm that runs this test): what a first `npm start` on a clone gets.
  const { DATABASE_URL, ADMIN_PASSWORD, DATA_DIR, INIT_CWD, ...env } = process.env;
  const child = spawn(command, args, {
    cwd,
    env: { ...env, ...extra, NODE_ENV: 'development', PORT: String(port), LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  return { process: child, port, output: () => output };
}

/** Waits for the printed credentials and /readyz 200; answers the ids of the started process and its descendants. */
async function runningTree(started: Started): Promise<number[]> {
  const deadline = Date.now() + STARTUP_DEADLINE_MS;
  while (!(started.output().includes('password: ') && (await ready(started.port)))) {
    if (started.process.exitCode !== null) throw new Error(`npm start exited:\n${started.output()}`);
    if (Date.now() > deadline) throw new Error(`not ready:\n${started.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  const pid = started.process.pid;
  if (pid === undefined) throw new Error('no process id');
  return [pid, ...descendantsOf(pid)];
}

async function stop(started: Started, signal: NodeJS.Signals) {
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    started.process.once('exit', (code, exitSignal) => resolve({ code, signal: exitSignal })),
  );
  started.process.kill(signal);
  return exited;
}

function descendantsOf(pid: number): number[] {
  const parents = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // `pid (comm) state ppid …`: comm may hold spaces, so read after its closing parenthesis.
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      parents.set(Number(entry), ppid);
    } catch {
      // The process ended while the list was read.
    }
  }
  const found: number[] = [];
  const visit = (parent: number) => {
    for (const [child, ppid] of parents) {
      if (ppid === parent) {
        found.push(child);
        visit(child);
      }
    }
  };
  visit(pid);
  return found;
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function ready(port: number): Promise<boolean> {
  try {
    return (await fetch(`http://127.0.0.1:${port}/readyz`)).status === 200;
  } catch {
    return false;
  }
}
