// `npm start`: builds what the server runs, then runs it in the foreground.
//
// The build is `turbo run build --filter=@oncall/server`: the web UI (Vite, cached by turbo once built)
// and the server's esbuild bundle (apps/server/dist/main.js, workspace packages compiled in). Plugin
// packages named in CHANNEL_PLUGINS or SOURCE_PLUGINS are loaded by name from their `dist/`, so they are
// built too. Each step is announced with its duration; the server then prints its address and, on the
// first start, the generated admin credentials.
//
// The server runs as a child of this process, not under npm or turbo, so that it sees npm's INIT_CWD
// (the embedded database goes to `data/` of the directory `npm start` was run in) and so that a signal
// reaches it: SIGINT, SIGTERM and SIGHUP are passed on to the child of the moment (turbo, then the
// server) and this process exits when it has, with its status. Nothing is left running.
import { spawn } from 'node:child_process';
import { existsSync, realpathSync } from 'node:fs';
import { join, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'];

let child;
let stopping;
for (const signal of SIGNALS) {
  process.on(signal, () => {
    stopping ??= signal;
    child?.kill(signal);
  });
}

const plugins = [process.env.CHANNEL_PLUGINS, process.env.SOURCE_PLUGINS]
  .flatMap((list) => (list ?? '').split(','))
  .map((name) => name.trim())
  .filter(Boolean);
// Only the plugins of this repository are built here; an installed plugin package comes built.
const workspacePlugins = plugins.filter(isWorkspacePackage);
const filters = ['@oncall/server', ...workspacePlugins].map((name) => `--filter=${name}`);

const built = await step(
  `Building the web UI and the server${workspacePlugins.length ? ` and ${workspacePlugins.join(', ')}` : ''} (turbo, cached after the first start)`,
  process.execPath,
  [
    join(root, 'node_modules', 'turbo', 'bin', 'turbo'),
    'run',
    'build',
    ...filters,
    '--output-logs=errors-only',
  ],
);
if (built !== 0 || stopping) process.exit(stopping ? 0 : built);

const status = await step('Starting the server', process.execPath, ['apps/server/dist/main.js'], false);
process.exit(status);

/** Runs one child in the foreground; resolves with its exit status (128 + n for a signal, as shells do). */
async function step(title, command, args, timed = true) {
  const started = Date.now();
  process.stdout.write(`▶ ${title}…\n`);
  child = spawn(command, args, {
    cwd: root,
    env: { TURBO_TELEMETRY_DISABLED: '1', ...process.env },
    stdio: 'inherit',
  });
  const [code, signal] = await new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (...result) => resolve(result));
  });
  child = undefined;
  if (code === 0 && timed)
    process.stdout.write(`✔ ${title}: ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
  return code ?? 128 + (signal === 'SIGINT' ? 2 : signal === 'SIGHUP' ? 1 : 15);
}

/** A workspace package is linked into node_modules from the repository, not installed there. */
function isWorkspacePackage(name) {
  const linked = join(root, 'node_modules', name);
  return existsSync(linked) && !realpathSync(linked).includes(`${sep}node_modules${sep}`);
}
