// Bundles the app in the current directory (apps/server, apps/worker) with esbuild: each entry named on
// the command line (`src/main.ts` → `dist/main.js`, `name=path.ts` → `dist/name.js`) with the workspace packages (`@oncall/*`) compiled
// in from their sources, and every npm dependency left as an import that Node resolves from
// node_modules at run time (native addons, PGlite's WebAssembly and Temporal's files stay where their
// packages expect them). What `node dist/main.js` runs therefore needs no package's `dist/`: a first
// `npm start` builds two bundles in seconds instead of emitting 32 packages with tsc. Types are not
// checked here: `npm run typecheck` checks the whole repository at once.
import { existsSync, realpathSync, rmSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { build } from 'esbuild';

const { positionals: entries } = parseArgs({ allowPositionals: true });
if (entries.length === 0) throw new Error('usage: node bundle-app.mjs src/main.ts [name=path/to/other.ts …]');

/**
 * Workspace packages but the plugin SDK are compiled in; an npm package stays external when the bundle, from the app's
 * directory, finds the same copy as the module importing it. A version installed under one workspace
 * package's own node_modules (not hoisted) is compiled in, as the bundle could not find it.
 */
const PLUGIN_SDK = '@oncall/plugin-sdk';

const npmDependenciesExternal = {
  name: 'npm-dependencies-external',
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path.startsWith('node:')) return undefined;
      // Plugins import the SDK by name: the server must load that same copy, not one compiled in, or
      // a plugin's ChannelError would not be an `instanceof` the server's.
      if (args.path === PLUGIN_SDK || args.path.startsWith(`${PLUGIN_SDK}/`))
        return { path: args.path, external: true };
      if (args.path.startsWith('@oncall/')) return undefined;
      const name = packageName(args.path);
      const external = installedCopy(name, args.resolveDir) === installedCopy(name, process.cwd());
      return external ? { path: args.path, external: true } : undefined;
    });
  },
};

function packageName(specifier) {
  const [first, second] = specifier.split('/');
  return first.startsWith('@') ? `${first}/${second}` : first;
}

/** The directory of the copy of package `name` that Node finds from `dir`, if any. */
function installedCopy(name, dir) {
  for (let at = resolve(dir); ; at = dirname(at)) {
    const candidate = join(at, 'node_modules', name);
    if (existsSync(candidate)) return realpathSync(candidate);
    if (dirname(at) === at) return undefined;
  }
}

rmSync('dist', { recursive: true, force: true });
// One self-contained file per entry: a Temporal workflows module (`workflows=…`) must not share
// chunks with the worker's Node code, since the worker's webpack bundles it for the workflow sandbox.
for (const entry of entries) {
  const [out, source] = entry.includes('=') ? entry.split('=') : [undefined, entry];
  await build({
    entryPoints: [out ? { in: source, out } : source],
    outdir: 'dist',
    outbase: 'src',
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    // The workspace packages' `development` export condition names their TypeScript sources.
    conditions: ['development'],
    plugins: [npmDependenciesExternal],
    sourcemap: true,
    logLevel: 'warning',
  });
}
