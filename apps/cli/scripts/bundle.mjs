// Bundles the CLI into one file, dist/oncall.js, with every npm dependency compiled in except the
// keyring's native addon (its platform package is found at run time). One file to parse is what makes
// `oncall --help` start fast (bench/src/cli-startup.ts measures it; docs/benchmarks.md).
import { readFileSync, rmSync } from 'node:fs';
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
  external: ['@napi-rs/keyring'],
  define: { CLI_VERSION: JSON.stringify(version) },
  // CommonJS dependencies (commander) call require(): an ES module gets one from createRequire.
  banner: {
    js: "#!/usr/bin/env node\nimport { createRequire as __cliRequire } from 'node:module';\nconst require = __cliRequire(import.meta.url);",
  },
  legalComments: 'none',
  logLevel: 'warning',
});
