// Bundles the CLI into one file, dist/oncall.js, with what every run needs compiled in (commander,
// zod/mini, picocolors, the CLI itself). What only some runs need stays in node_modules and is imported
// when used: the keyring's native addon (commands with a session), yaml (-o yaml), @inquirer/password
// (an interactive login). Parsing is most of a start's cost: the 114 KiB of yaml alone cost ~12 ms of
// every `--help` (bench/src/cli-startup.ts measures it; docs/benchmarks.md, "CLI startup").
import { chmodSync, readFileSync, rmSync } from 'node:fs';
import { build } from 'esbuild';

const { version } = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
const root = new URL('..', import.meta.url).pathname;

rmSync(`${root}dist`, { recursive: true, force: true });
await build({
  absWorkingDir: root,
  entryPoints: [{ in: 'src/main.ts', out: 'oncall' }],
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  minify: true,
  conditions: ['development'],
  external: ['@napi-rs/keyring', 'yaml', '@inquirer/password'],
  define: { CLI_VERSION: JSON.stringify(version) },
  // CommonJS dependencies (commander) call require(): an ES module gets one from createRequire.
  banner: {
    js: "#!/usr/bin/env node\nimport { createRequire as __cliRequire } from 'node:module';\nconst require = __cliRequire(import.meta.url);",
  },
  legalComments: 'none',
  logLevel: 'warning',
});
// The package's bin: runnable as `./dist/oncall.js` too, not only through npm's link.
chmodSync(`${root}dist/oncall.js`, 0o755);
