/**
 * Scheduled evaluation: 1,000 text-query rules (`queryType: textQuery`, PromQL) evaluated every
 * minute by the service against a real Prometheus on loopback (Debian's `prometheus` binary). The
 * lag of a run is `last_finished_at − last_scheduled_at` of its schedule row: how late after its
 * due time a rule's run has applied its result (claimed, queried, applied, recorded). Also the
 * server's CPU per run. Target: p99 lag ≤ 1 s.
 *
 * The same-run baseline is a bare loop in this process asking Prometheus the same 1,000 queries a
 * minute at the same spread (fetch + JSON parse, nothing stored): the least an evaluation costs.
 * Its lag is the query's own time after its due moment.
 *
 * Windows (seconds) are BENCH_WARMUP_S (default 70: every rule has run once), BENCH_WINDOW_S
 * (default 120) and BENCH_BASELINE_S (default 60); BENCH_RULES (default 1000).
 *
 *   npm run bench:evaluation -w @oncall/bench
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { createBenchDatabase } from './bench-database';
import { latencyResult } from './latency';
import { startServerProcess, stopChild } from './server-process';
import { loginAdmin } from './service-fixtures';

const RULES = Number(process.env.BENCH_RULES ?? 1000);
const WARMUP_S = Number(process.env.BENCH_WARMUP_S ?? 70);
const WINDOW_S = Number(process.env.BENCH_WINDOW_S ?? 120);
const BASELINE_S = Number(process.env.BENCH_BASELINE_S ?? 60);
const INTERVAL_MS = 60_000;
/** Series the scrape target exposes; rule i asks for series i mod SERIES, and a tenth of them fire. */
const SERIES = 100;

const json = { 'content-type': 'application/json' };
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function which(name: string): string {
  try {
    return execFileSync('which', [name], { encoding: 'utf8' }).trim();
  } catch {
    throw new Error(`This benchmark runs Debian's ${name} (apt-get install -y ${name})`);
  }
}

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

const queryOf = (i: number) => `bench_value{series="${i % SERIES}"} > ${SERIES - SERIES / 10 - 1}`;

/** A scrape target with SERIES gauges, `bench_value{series="k"} k`. */
async function startTarget(): Promise<Server> {
  const lines = ['# TYPE bench_value gauge'];
  for (let k = 0; k < SERIES; k++) lines.push(`bench_value{series="${k}"} ${k}`);
  const body = `${lines.join('\n')}\n`;
  const server = createServer((_request, response) => {
    response.setHeader('content-type', 'text/plain; version=0.0.4');
    response.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return server;
}

async function startPrometheus(
  workDir: string,
  targetPort: number,
): Promise<{ url: string; child: ChildProcess }> {
  writeFileSync(
    join(workDir, 'prometheus.yml'),
    `global:
  scrape_interval: 5s
scrape_configs:
  - job_name: bench
    static_configs:
      - targets: ['127.0.0.1:${targetPort}']
`,
  );
  const port = await freePort();
  const child = spawn(
    which('prometheus'),
    [
      `--config.file=${join(workDir, 'prometheus.yml')}`,
      `--storage.tsdb.path=${join(workDir, 'tsdb')}`,
      `--web.listen-address=127.0.0.1:${port}`,
    ],
    { stdio: 'ignore' },
  );
  const url = `http://127.0.0.1:${port}`;
  // Ready once a query sees the first scrape.
  for (let tries = 0; tries < 120; tries++) {
    try {
      const answer = await fetch(`${url}/api/v1/query?query=${encodeURIComponent('bench_value')}`);
      const body = (await answer.json()) as { data?: { result?: unknown[] } };
      if ((body.data?.result?.length ?? 0) === SERIES) return { url, child };
    } catch {
      // not up yet
    }
    await sleep(500);
  }
  throw new Error('Prometheus did not come up');
}

/** The data source and RULES text-query rules, made over REST as a user makes them. */
async function seedRules(serverUrl: string, token: string, prometheusUrl: string): Promise<void> {
  const headers = { ...json, authorization: `Bearer ${token}` };
  const source = await fetch(`${serverUrl}/api/v1/data-source`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ name: 'bench prometheus', type: 'prometheus', url: prometheusUrl }),
  });
  if (!source.ok) throw new Error(`data source: ${await source.text()}`);
  const { id } = (await source.json()) as { id: string };
  for (let i = 0; i < RULES; i++) {
    const created = await fetch(`${serverUrl}/api/v1/alert-rule`, {
      method: 'POST',
      headers,
      body: JSON.stringify({
        type: 'prometheus',
        name: `bench text query ${i}`,
        queryType: 'textQuery',
        queryText: queryOf(i),
        queryObject: { interval: '1m' },
        dataSourceIds: [id],
      }),
    });
    if (!created.ok) throw new Error(`rule ${i}: ${await created.text()}`);
  }
}

/** Lags (ms) of the runs that finished within the window, read from the schedule rows. */
async function serviceLags(
  databaseUrl: string,
  windowMs: number,
): Promise<{ lags: number[]; failed: number }> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const seen = new Map<string, number>();
  const lags: number[] = [];
  let failed = 0;
  const read = async () =>
    (
      await client.query<{
        subject_id: string;
        scheduled: Date;
        finished: Date | null;
        status: string | null;
      }>(
        `select subject_id, last_scheduled_at as scheduled, last_finished_at as finished, last_status as status
           from scheduled_checks where kind = 'rule'`,
      )
    ).rows;
  for (const row of await read()) seen.set(row.subject_id, row.finished?.getTime() ?? 0);
  const end = Date.now() + windowMs;
  while (Date.now() < end) {
    await sleep(1000);
    for (const row of await read()) {
      const finished = row.finished?.getTime() ?? 0;
      if (finished === 0 || seen.get(row.subject_id) === finished) continue;
      seen.set(row.subject_id, finished);
      if (row.status !== 'ok') failed++;
      lags.push(finished - row.scheduled.getTime());
    }
  }
  await client.end();
  return { lags, failed };
}

/** The baseline: the same queries at the same spread, fetched and parsed, for `seconds`. */
async function baselineLags(
  prometheusUrl: string,
  seconds: number,
): Promise<{ lags: number[]; cpuMs: number }> {
  const lags: number[] = [];
  const start = Date.now();
  const cpuBefore = process.cpuUsage();
  const runs: Promise<void>[] = [];
  const total = Math.round((RULES * seconds * 1000) / INTERVAL_MS);
  for (let n = 0; n < total; n++) {
    const due = start + (n * INTERVAL_MS) / RULES;
    const wait = due - Date.now();
    if (wait > 0) await sleep(wait);
    runs.push(
      (async () => {
        const answer = await fetch(`${prometheusUrl}/api/v1/query?query=${encodeURIComponent(queryOf(n))}`);
        await answer.json();
        lags.push(Date.now() - due);
      })(),
    );
  }
  await Promise.all(runs);
  const cpu = process.cpuUsage(cpuBefore);
  return { lags, cpuMs: (cpu.user + cpu.system) / 1000 };
}

const workDir = mkdtempSync(join(tmpdir(), 'oncall-bench-evaluation-'));
const target = await startTarget();
const prometheus = await startPrometheus(workDir, (target.address() as AddressInfo).port);
const database = await createBenchDatabase();
const server = await startServerProcess(database.url, await freePort());
try {
  const token = await loginAdmin(server);
  console.log(`seeding ${RULES} text-query rules …`);
  await seedRules(server.url, token, prometheus.url);
  console.log(`warming up ${WARMUP_S} s (every rule runs once) …`);
  await sleep(WARMUP_S * 1000);
  const cpuBefore = server.cpuMs();
  const service = await serviceLags(database.url, WINDOW_S * 1000);
  const serviceCpu = server.cpuMs() - cpuBefore;
  console.log(`baseline ${BASELINE_S} s …`);
  const baseline = await baselineLags(prometheus.url, BASELINE_S);

  const s = latencyResult('service', service.lags, service.lags.length);
  const b = latencyResult('baseline (fetch + parse)', baseline.lags, baseline.lags.length);
  const perRun = (cpuMs: number, runs: number) => (runs > 0 ? cpuMs / runs : Number.NaN);
  const sCpu = perRun(serviceCpu, s.count);
  const bCpu = perRun(baseline.cpuMs, b.count);
  console.log(`\n${RULES} text-query rules, interval 1 min, Prometheus on loopback; window ${WINDOW_S} s`);
  console.log(
    '| run | runs | failed | lag p50 ms | lag p99 ms | lag max ms | CPU ms per run | CPU ÷ baseline |',
  );
  console.log('|---|---:|---:|---:|---:|---:|---:|---:|');
  console.log(
    `| ${b.name} | ${b.count} | 0 | ${b.p50.toFixed(0)} | ${b.p99.toFixed(0)} | ${b.max.toFixed(0)} | ${bCpu.toFixed(2)} | 1.0× |`,
  );
  console.log(
    `| ${s.name} | ${s.count} | ${service.failed} | ${s.p50.toFixed(0)} | ${s.p99.toFixed(0)} | ${s.max.toFixed(0)} | ${sCpu.toFixed(2)} | ${(sCpu / bCpu).toFixed(1)}× |`,
  );
  console.log(`server CPU over the window: ${(serviceCpu / (WINDOW_S * 10)).toFixed(1)}% of one core`);
} finally {
  await server.stop();
  await database.drop();
  await stopChild(prometheus.child);
  await new Promise((resolve) => target.close(resolve));
  rmSync(workDir, { recursive: true, force: true });
}
