#!/usr/bin/env node
// Runs the tests twice (CI=true: a missing snapshot fails instead of being written), with the process in UTC and in Asia/Tehran: the resolver's answers (and the
// committed snapshots) must not depend on the process time zone.
import { spawnSync } from 'node:child_process';

for (const zone of ['UTC', 'Asia/Tehran']) {
  console.log(`— vitest with TZ=${zone}`);
  const run = spawnSync('npx', ['vitest', 'run', ...process.argv.slice(2)], {
    stdio: 'inherit',
    env: { ...process.env, TZ: zone, CI: 'true' },
  });
  if (run.status !== 0) process.exit(run.status ?? 1);
}
