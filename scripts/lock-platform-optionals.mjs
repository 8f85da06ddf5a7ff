// Adds the other platforms' optional binaries (biome, rollup, turbo, …) back to package-lock.json.
//
// The npm registry reachable from this project's machines is a partial snapshot that answers 404 for
// many of those packages, so `npm install` leaves them out of the lock, and `npm ci` then refuses the
// lock as out of sync. Each missing entry is written with the version its parent asks for and the
// os/cpu/libc its name declares, so npm skips it on every other platform without fetching it, and
// fetches it as usual on the platform it is for. Run after `npm install`: `npm run lock:fix`.
import { readFileSync, writeFileSync } from 'node:fs';

const OS = [
  ['android', 'android'],
  ['darwin', 'darwin'],
  ['win32', 'win32'],
  ['windows', 'win32'],
  ['freebsd', 'freebsd'],
  ['openbsd', 'openbsd'],
  ['openharmony', 'openharmony'],
  ['sunos', 'sunos'],
  ['aix', 'aix'],
  ['netbsd', 'netbsd'],
  ['linux', 'linux'],
];
const CPU = [
  ['arm64', 'arm64'],
  ['aarch64', 'arm64'],
  ['x64', 'x64'],
  ['-64', 'x64'],
  ['ia32', 'ia32'],
  ['loong64', 'loong64'],
  ['ppc64', 'ppc64'],
  ['riscv64', 'riscv64'],
  ['s390x', 's390x'],
  ['arm', 'arm'],
  ['mips64el', 'mips64el'],
];

const lock = JSON.parse(readFileSync('package-lock.json', 'utf8'));
const packages = lock.packages;
let added = 0;
for (const [path, entry] of Object.entries(packages)) {
  for (const [name, range] of Object.entries(entry.optionalDependencies ?? {})) {
    const nested = `${path}/node_modules/${name}`;
    const hoisted = `node_modules/${name}`;
    if (packages[nested] || packages[hoisted]) continue;
    const base = name.split('/').pop();
    const os = OS.find(([marker]) => base.includes(marker))?.[1];
    const cpu = CPU.find(([marker]) => base.includes(marker))?.[1];
    if (!os || !cpu || !/^\d+\.\d+\.\d+/.test(range)) continue;
    packages[hoisted] = {
      version: range,
      cpu: [cpu],
      os: [os],
      ...(base.includes('musl')
        ? { libc: ['musl'] }
        : base.includes('gnu') && os === 'linux'
          ? { libc: ['glibc'] }
          : {}),
      optional: true,
      dev: entry.dev === true ? true : undefined,
    };
    added++;
  }
}
lock.packages = Object.fromEntries(
  Object.entries(packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a.localeCompare(b))),
);
writeFileSync('package-lock.json', `${JSON.stringify(lock, null, 2)}\n`);
console.log(`package-lock.json: ${added} platform-specific optional packages recorded`);
