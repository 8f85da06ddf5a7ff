/**
 * Startup of the terminal client: from spawning `node apps/cli/dist/oncall.js --help` to the first
 * byte on its standard output, against the same time for a Node process that prints one byte and
 * nothing else (the floor no bundle can beat). Build the CLI first (`npm run build -w @oncall/cli`).
 * Usage: npm run bench:cli  (BENCH_RUNS to change the number of runs, 40 by default)
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const runs = Number(process.env.BENCH_RUNS ?? 40);
const cli = fileURLToPath(new URL('../../apps/cli/dist/oncall.js', import.meta.url));
if (!existsSync(cli)) throw new Error(`${cli} is missing: npm run build -w @oncall/cli`);

function firstOutputMs(args: string[]): Promise<number> {
  return new Promise((resolve, reject) => {
    const started = process.hrtime.bigint();
    const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'inherit'] });
    let first: number | undefined;
    child.stdout.once('data', () => {
      first = Number(process.hrtime.bigint() - started) / 1e6;
    });
    child.stdout.resume();
    child.once('error', reject);
    child.once('close', (code) =>
      code === 0 && first !== undefined ? resolve(first) : reject(new Error(`exit ${code}`)),
    );
  });
}

/**
 * CPU (user + system) per run, from bash's `times` over the runs: on a shared machine wall time swings
 * with the other work, the CPU a start costs much less.
 */
function cpuPerRunMs(args: string[]): number {
  const quoted = [process.execPath, ...args].map((part) => `'${part.replace(/'/g, `'\\''`)}'`).join(' ');
  const script = `for i in $(seq ${runs}); do ${quoted} >/dev/null; done; times`;
  const lines = spawnSync('bash', ['-c', script], { encoding: 'utf8' }).stdout.trim().split('\n');
  const seconds = (text: string) => {
    const match = /(\d+)m([\d.]+)s/.exec(text);
    return match ? Number(match[1]) * 60 + Number(match[2]) : Number.NaN;
  };
  const [user = '', system = ''] = (lines.at(-1) ?? '').split(/\s+/);
  return ((seconds(user) + seconds(system)) * 1000) / runs;
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;

async function measure(label: string, args: string[]) {
  await firstOutputMs(args); // warm the file cache
  const times: number[] = [];
  // Alternating would let one disturb the other's cache; runs of one kind in a row are what users see.
  for (let i = 0; i < runs; i++) times.push(await firstOutputMs(args));
  times.sort((a, b) => a - b);
  return {
    label,
    p50: percentile(times, 50),
    p90: percentile(times, 90),
    max: times.at(-1) ?? Number.NaN,
    cpu: cpuPerRunMs(args),
  };
}

const floor = await measure('node printing one byte', ['-e', 'process.stdout.write("x")']);
const help = await measure('oncall --help', [cli, '--help']);
const version = await measure('oncall --version', [cli, '--version']);
console.log(
  `bundle: ${(statSync(cli).size / 1024).toFixed(0)} KiB, ${runs} runs each, Node ${process.version}`,
);
console.log('| command | first output p50 ms | p90 ms | max ms | CPU ms per run |');
console.log('|---|---|---|---|---|');
for (const row of [floor, help, version]) {
  const cells = [row.p50, row.p90, row.max, row.cpu].map((n) => n.toFixed(0));
  console.log(`| ${row.label} | ${cells.join(' | ')} |`);
}
const target = 150;
console.log(
  `--help p50 − floor p50: ${(help.p50 - floor.p50).toFixed(0)} ms; target p50 ≤ ${target} ms: ${help.p50 <= target ? 'met' : 'MISSED'}`,
);
