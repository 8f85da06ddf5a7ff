// What the infrastructure checks read from the repository: the image's Dockerfile and the files the
// build makes, so that compose.yaml and the Helm chart are checked against them rather than against
// copies of their names.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

/** The apps whose builds are esbuild bundles (scripts/bundle-app.mjs), and so what the image runs. */
const BUNDLED_APPS = ['apps/server', 'apps/worker'];

/**
 * The files `npm run build` makes that a container may run, as paths from the repository root:
 * each entry of a bundled app's `build` script (`src/main.ts` → `dist/main.js`, `name=path.ts` →
 * `dist/name.js`).
 */
export function buildOutputs() {
  const outputs = new Set();
  for (const app of BUNDLED_APPS) {
    const script = JSON.parse(readFileSync(join(repoRoot, app, 'package.json'), 'utf8')).scripts.build;
    const words = script.split(/\s+/);
    const entries = words.slice(words.findIndex((word) => word.endsWith('bundle-app.mjs')) + 1);
    for (const entry of entries) {
      const name = entry.includes('=')
        ? entry.split('=')[0]
        : entry.replace(/^src\//, '').replace(/\.ts$/, '');
      outputs.add(`${app}/dist/${name}.js`);
    }
  }
  return outputs;
}

/** The script a `node <script>` command runs, or undefined for none (the image's own CMD then). */
export function commandPath(command) {
  if (command === undefined) return undefined;
  const words = Array.isArray(command) ? command : String(command).split(/\s+/);
  if (words[0] !== 'node') return `(not node: ${words.join(' ')})`;
  return words.find((word, index) => index > 0 && !word.startsWith('-'));
}

/** The environment the final stage of a Dockerfile sets (its `ENV` lines after the last `FROM`). */
export function dockerfileEnv(path) {
  const lines = readFileSync(path, 'utf8').replace(/\\\n/g, ' ').split('\n');
  const lastFrom = lines.findLastIndex((line) => /^FROM\s/.test(line));
  const env = {};
  for (const line of lines.slice(lastFrom)) {
    const match = /^ENV\s+(.*)$/.exec(line);
    if (!match) continue;
    for (const pair of match[1].trim().split(/\s+/)) {
      const [key, value] = pair.split(/=(.*)/s, 2);
      env[key] = value;
    }
  }
  return env;
}

/** The first of the commands given as [command, version arguments] that runs here. */
export function findTool(candidates) {
  return candidates.find(([command, args]) => {
    try {
      execFileSync(command, args, { stdio: 'ignore' });
      return true;
    } catch {
      return false;
    }
  });
}

export function fail(what, problems) {
  for (const problem of problems) console.error(`${what}: ${problem}`);
  process.exit(1);
}
