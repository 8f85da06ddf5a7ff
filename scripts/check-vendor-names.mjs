#!/usr/bin/env node
// Vendors live in their plugins: no vendor's name in the code (comments aside) of the core, the
// contracts, the engine, the workflows, the plugin SDK or the three faces. Each vendor's words come
// from its plugin package's name, so a new plugin is checked without editing this file. Today's
// known occurrences are listed per file in scripts/vendor-names-known.json (issue #27 removes
// them): a file may only lose them, and the list must then shrink with it (`--update` rewrites
// it); a new occurrence, or a new file with one, fails.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const checked = [
  'packages/core/src',
  'packages/contracts/src',
  'packages/engine/src',
  'packages/workflows/src',
  'packages/plugin-sdk/src',
  'packages/rest/src',
  'packages/trpc/src',
  'packages/graphql/src',
];
const knownFile = join(root, 'scripts/vendor-names-known.json');
// `teams` is also this product's own word for groups of people, so Microsoft Teams is not
// searched by it; the other words of a plugin's name that name a kind, not a vendor (heartbeat
// rules are the service's own), neither.
const notVendors = new Set(['teams', 'email', 'sms', 'call', 'heartbeat']);
// Words a plugin's package name does not spell: the vendors behind providerone and prometheus.
const extraWords = ['alertmanager', 'kavenegar', 'elasticsearch', 'matter-most'];

/** `channel-sms-providerone` gives providerone; `source-victoria-logs` victoria-logs, victorialogs, victoria_logs. */
function vendorWords() {
  const words = new Set(extraWords);
  for (const name of readdirSync(join(root, 'plugins'))) {
    const parts = name.split('-').slice(1);
    const spellings =
      parts.length > 1 && !notVendors.has(parts[0])
        ? [parts.join('-'), parts.join(''), parts.join('_')]
        : parts;
    for (const word of spellings) if (!notVendors.has(word)) words.add(word);
  }
  return [...words];
}

function* sourceFiles(dir) {
  for (const entry of readdirSync(dir)) {
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) yield* sourceFiles(path);
    else if (/\.tsx?$/.test(entry)) yield path;
  }
}

const withoutComments = (text) => text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`])\/\/.*$/gm, '$1');

if (process.argv.includes('--words')) {
  console.log(vendorWords().join(' '));
  process.exit(0);
}
const pattern = new RegExp(`(?<![a-z])(${vendorWords().join('|')})(?![a-z])`, 'gi');
const found = {};
for (const dir of checked) {
  for (const file of sourceFiles(join(root, dir))) {
    const hits = withoutComments(readFileSync(file, 'utf8')).match(pattern)?.length ?? 0;
    if (hits > 0) found[relative(root, file)] = hits;
  }
}

if (process.argv.includes('--update')) {
  writeFileSync(knownFile, `${JSON.stringify(found, Object.keys(found).sort(), 2)}\n`);
  console.log(`vendor names: ${Object.keys(found).length} files listed as known`);
  process.exit(0);
}
const known = JSON.parse(readFileSync(knownFile, 'utf8'));
const grown = Object.entries(found).filter(([file, hits]) => hits > (known[file] ?? 0));
const total = Object.values(found).reduce((sum, n) => sum + n, 0);
if (grown.length > 0) {
  for (const [file, hits] of grown) {
    console.error(
      `${file}: ${hits} vendor name(s), ${known[file] ?? 0} known; vendor knowledge belongs in its plugin`,
    );
  }
  process.exit(1);
}
// The list holds what holds: a removal shrinks it in the same commit, so no name can come back.
const shrunk = Object.entries(known).filter(([file, hits]) => (found[file] ?? 0) < hits);
if (shrunk.length > 0) {
  for (const [file, hits] of shrunk) {
    console.error(`${file}: ${found[file] ?? 0} vendor name(s), ${hits} listed; run with --update`);
  }
  process.exit(1);
}
console.log(`vendor names outside the plugins: ${total} in ${Object.keys(found).length} files, none new`);
