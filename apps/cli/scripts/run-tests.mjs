// The CLI's tests need a real keyring: the kernel keyring of a fresh `keyctl session` (keyutils), so
// that a test run neither needs a desktop keyring nor touches the user's. tmux drives the prompts.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const missing = ['keyctl', 'tmux'].filter(
  (tool) => spawnSync('sh', ['-c', `command -v ${tool}`]).status !== 0,
);
if (missing.length > 0) {
  const packages = missing.map((tool) => (tool === 'keyctl' ? 'keyutils' : tool)).join(' ');
  process.stderr.write(`The CLI tests need ${missing.join(' and ')}: apt-get install -y ${packages}\n`);
  // CI installs them (.ci/run), so there a missing tool is a failure; on a newcomer's machine the
  // rest of `npm test` still runs, and this notice says what was not.
  if (process.env.CI) process.exit(1);
  process.stderr.write('CLI tests NOT RUN on this machine (they are in CI).\n');
  process.exit(0);
}
const vitest = fileURLToPath(new URL('../../../node_modules/vitest/vitest.mjs', import.meta.url));
const result = spawnSync(
  'keyctl',
  ['session', '-', process.execPath, vitest, 'run', ...process.argv.slice(2)],
  { stdio: 'inherit', cwd: fileURLToPath(new URL('..', import.meta.url)) },
);
process.exit(result.status ?? 1);
