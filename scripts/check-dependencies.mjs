#!/usr/bin/env node
// Runs the dependency rules of .dependency-cruiser.cjs over the production sources. Violations
// accepted for a while are listed in scripts/dependency-known-violations.json (empty since issue #27
// removed the core's folder loops): those may only go away, and leave the list when they do
// (`--update` rewrites it); any other violation, an upward package arrow above all, fails.
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const knownFile = join(root, 'scripts/dependency-known-violations.json');
const sources = ['packages', 'plugins', 'apps/server/src', 'apps/worker/src', 'apps/cli/src', 'bench/src'];
const output = execFileSync(
  join(root, 'node_modules/.bin/depcruise'),
  [...sources, '--config', '.dependency-cruiser.cjs', '--output-type', 'json'],
  { cwd: root, maxBuffer: 256 * 1024 * 1024, encoding: 'utf8' },
);
const { summary } = JSON.parse(output);
const found = [...new Set(summary.violations.map((v) => `${v.rule.name}: ${v.from} → ${v.to}`))].sort();

if (process.argv.includes('--update')) {
  writeFileSync(knownFile, `${JSON.stringify(found, null, 2)}\n`);
  console.log(`dependency rules: ${found.length} violations listed as known`);
  process.exit(0);
}
const known = new Set(JSON.parse(readFileSync(knownFile, 'utf8')));
const fresh = found.filter((violation) => !known.has(violation));
if (fresh.length > 0) {
  for (const violation of fresh) console.error(violation);
  console.error('Dependency rules broken (see .dependency-cruiser.cjs and docs/architecture.md).');
  process.exit(1);
}
// The list holds what holds: a loop removed leaves it in the same commit, so it cannot come back.
const gone = [...known].filter((violation) => !found.includes(violation));
if (gone.length > 0) {
  for (const violation of gone) console.error(`no longer found, remove it (--update): ${violation}`);
  process.exit(1);
}
console.log(
  `dependency rules: ${summary.totalCruised} modules; no upward package arrow; ${found.length} known two-way folder imports in core, none new`,
);
