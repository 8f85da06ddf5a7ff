// Starts the compiled server (`npm run build` first) the way `npm start` does, on embedded PGlite in a
// fresh data directory, under the `node` running this script; passes once it prints the generated
// admin credentials and answers /healthz, then stops it. The tests run the sources, so this is what
// shows that the build runs: `node scripts/smoke-start.mjs`.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const TIMEOUT_MS = 120_000;
const serverDir = fileURLToPath(new URL('../apps/server', import.meta.url));
const dataDir = mkdtempSync(join(tmpdir(), 'oncall-smoke-'));
const port = 20_000 + Math.floor(Math.random() * 20_000);

// Neither a PostgreSQL URL nor a preset admin password from the caller's environment: PGlite, and a
// password generated and printed.
const { DATABASE_URL, ADMIN_PASSWORD, ...env } = process.env;
const server = spawn(process.execPath, ['dist/main.js'], {
  cwd: serverDir,
  env: { ...env, NODE_ENV: 'development', DATA_DIR: dataDir, PORT: String(port), LOG_LEVEL: 'warn' },
  stdio: ['ignore', 'pipe', 'inherit'],
});
let output = '';
server.stdout.on('data', (chunk) => {
  output += chunk;
});
const exited = new Promise((resolve) => server.once('exit', resolve));

try {
  const deadline = Date.now() + TIMEOUT_MS;
  while (!(output.includes('password: ') && (await healthy()))) {
    if (server.exitCode !== null) throw new Error(`the server exited with ${server.exitCode}`);
    if (Date.now() > deadline) throw new Error(`no admin credentials and /healthz within ${TIMEOUT_MS} ms`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  console.log(`compiled server on Node ${process.versions.node}: credentials printed, /healthz answers`);
} catch (error) {
  console.error(`${error.message}\n${output}`);
  process.exitCode = 1;
} finally {
  server.kill('SIGTERM');
  await exited;
  rmSync(dataDir, { recursive: true, force: true });
}

async function healthy() {
  try {
    return (await fetch(`http://127.0.0.1:${port}/healthz`)).ok;
  } catch {
    return false;
  }
}
