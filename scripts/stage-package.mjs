// Lays out the workspace package in the current directory as it is published: its `files` (build
// first) and a package.json without what only the repository uses. Run `npm pack` or `npm publish`
// on the directory it writes, not on the package itself.
//
// Inside the repository each export's `development` condition points at the TypeScript sources, so
// the typechecker, vitest and tsx need no build. A consumer's vitest resolves `development` too (Vite
// adds it outside production mode) and the sources are not shipped, so the published manifest drops
// that condition; scripts and devDependencies are the repository's business as well.
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

const outDir = process.argv[2];
if (!outDir) throw new Error('usage: node stage-package.mjs <output directory>');
const target = resolve(outDir);
const manifest = JSON.parse(readFileSync('package.json', 'utf8'));
if (!Array.isArray(manifest.files)) throw new Error('package.json: `files` is required to stage a package');

rmSync(target, { recursive: true, force: true });
mkdirSync(target, { recursive: true });
for (const entry of manifest.files) {
  if (!existsSync(entry)) throw new Error(`${entry} is missing: build the package before staging it`);
  cpSync(entry, join(target, entry), { recursive: true });
}
const { scripts: _scripts, devDependencies: _devDependencies, ...published } = manifest;
published.exports = withoutDevelopment(manifest.exports);
writeFileSync(join(target, 'package.json'), `${JSON.stringify(published, null, 2)}\n`);

function withoutDevelopment(exports) {
  if (typeof exports !== 'object' || exports === null) return exports;
  return Object.fromEntries(
    Object.entries(exports)
      .filter(([condition]) => condition !== 'development')
      .map(([key, value]) => [key, withoutDevelopment(value)]),
  );
}
