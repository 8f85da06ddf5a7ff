/**
 * The Alertmanager API v2 receiver under a Prometheus-style push: 10,000 distinct alerts (label sets
 * differing in `instance`), posted as 100 batches of 100 to
 * `POST /api/v1/prometheus-alert/{token}/api/v2/alerts` by 4 concurrent connections, as Prometheus's
 * alerting client posts them (a JSON array of postable alerts, `endsAt` ahead, so each fires). Runs:
 * - the same-run baseline: the bare Fastify server (`baseline-server.ts`), `POST /ingest-batch` with
 *   the same bodies, inserting the batch's 100 rows in one INSERT: one request plus 100 committed rows;
 * - a `prometheus` data source with one rule listening (`queryType: 'dynamic'`, matching the alerts'
 *   alertname): each alert opens an instance keyed by its label fingerprint;
 * - a second data source with ten rules listening, one of which matches: the alerts are matched
 *   against every rule of the source, and each still opens one instance.
 * The rules page no endpoints: what is measured is taking alerts in, not paging. Each round pushes
 * 10,000 new alerts to every target in turn (baseline, one rule, ten rules), the rounds repeating the
 * order, so a drift of the shared machine falls on all three; ratios are to the same round's baseline.
 * A warm-up of a few batches per target comes first, unmeasured. The ingestion limit is lifted.
 * `endsAt` is an hour ahead, so no instance resolves itself during the run; each fire still arms its
 * expiry timer, as every pushed alert does. Beside the serving process's CPU, the CPU of the
 * database's PostgreSQL backends over each run is read from /proc: the two processes a push costs.
 * Usage: npm run bench:alertmanager-push -w @oncall/bench  (BENCH_ROUNDS, default 3; BENCH_ALERTS,
 *   default 10000; BENCH_BATCH, default 100; BENCH_CONNECTIONS, default 4)
 */
import { cpus } from 'node:os';
import pg from 'pg';
import { startBaselineProcess } from './baseline-process';
import { createBenchDatabase } from './bench-database';
import { latencyResult } from './latency';
import { pidCpuMs, startServerProcess } from './server-process';
import { createPrometheusRule, createPrometheusSource, loginAdmin } from './service-fixtures';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const ALERTS = Number(process.env.BENCH_ALERTS ?? 10_000);
const BATCH = Number(process.env.BENCH_BATCH ?? 100);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 4);
const WARM_UP_BATCHES = 10;
const ALERTNAME = 'HostDown';
const HOUR = 3_600_000;

interface Target {
  name: string;
  url: string;
  cpuMs(): number;
}

interface PushResult {
  name: string;
  round: number;
  alerts: number;
  batches: number;
  seconds: number;
  alertsPerSecond: number;
  p50: number;
  p99: number;
  failed: number;
  cpuMsPerBatch: number;
  /** CPU of the database's backends over the run, per batch (see `databaseCpuMs`). */
  dbCpuMsPerBatch: number;
}

const database = await createBenchDatabase();
const server = await startServerProcess(database.url, 3987, {
  INGEST_MAX_PER_TOKEN_PER_MINUTE: '1000000000',
});
const baseline = await startBaselineProcess(database.url, 3986);
const db = new pg.Client({ connectionString: database.url });
await db.connect();
try {
  const accessToken = await loginAdmin(server);
  const single = await createPrometheusSource(server, accessToken, 'bench prometheus, one rule');
  const singleRule = await createPrometheusRule(server, accessToken, 'bench HostDown', single.id, ALERTNAME);
  const shared = await createPrometheusSource(server, accessToken, 'bench prometheus, ten rules');
  // Nine rules for other alerts of the same source: matched against, never opened.
  const sharedRule = await createPrometheusRule(
    server,
    accessToken,
    'bench HostDown 2',
    shared.id,
    ALERTNAME,
  );
  for (let i = 1; i < 10; i++) {
    await createPrometheusRule(server, accessToken, `bench other ${i}`, shared.id, `OtherAlert${i}`);
  }
  const alertsUrl = (token: string) => `${server.url}/api/v1/prometheus-alert/${token}/api/v2/alerts`;
  const targets: Target[] = [
    {
      name: `baseline: bare Fastify, one INSERT of ${BATCH} rows`,
      url: baseline.batchUrl,
      cpuMs: baseline.cpuMs,
    },
    { name: 'API v2 alerts, one rule listening', url: alertsUrl(single.token), cpuMs: server.cpuMs },
    {
      name: 'API v2 alerts, ten rules listening (one matches)',
      url: alertsUrl(shared.token),
      cpuMs: server.cpuMs,
    },
  ];

  // Every alert of the whole run is a new label set, so every one opens an instance.
  let sent = 0;
  const batches = (count: number) =>
    Array.from({ length: count }, () => {
      const from = sent;
      sent += BATCH;
      return batchBody(from, sent);
    });
  for (const target of targets) await pushAll(target, 0, batches(WARM_UP_BATCHES));
  const results: PushResult[] = [];
  for (let round = 1; round <= ROUNDS; round++) {
    for (const target of targets) {
      results.push(await pushAll(target, round, batches(Math.ceil(ALERTS / BATCH))));
    }
  }

  console.log(
    `\nmachine: ${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, Node ${process.version}, PostgreSQL on 127.0.0.1\n`,
  );
  printResults(results);
  console.log('\nPer target over the rounds:\n');
  printSummary(results, targets);
  const opened = async (ruleId: string) =>
    (await db.query<{ n: string }>('select count(*) as n from alert_instances where rule_id = $1', [ruleId]))
      .rows[0]?.n;
  const baselineRows = (await db.query<{ n: string }>('select count(*) as n from bench_baseline')).rows[0]?.n;
  console.log(
    `\ninstances opened (warm-up included): one-rule source ${await opened(singleRule)}, ` +
      `ten-rule source ${await opened(sharedRule)}; baseline rows ${baselineRows}`,
  );
} finally {
  await db.end();
  await baseline.stop();
  await server.stop();
  await database.drop();
}

/** A batch of postable alerts `from` … `to − 1`, as Prometheus posts them, `host-N` apart. */
function batchBody(from: number, to: number): string {
  const now = Date.now();
  const alerts = [];
  for (let n = from; n < to; n++) {
    const instance = `host-${n}:9100`;
    alerts.push({
      labels: { alertname: ALERTNAME, instance, job: 'node', severity: 'critical' },
      annotations: { summary: `${ALERTNAME} on ${instance}`, description: 'node_exporter is not answering' },
      startsAt: new Date(now - 60_000).toISOString(),
      endsAt: new Date(now + HOUR).toISOString(),
      generatorURL: 'http://prometheus.invalid:9090/graph?g0.expr=up+%3D%3D+0',
    });
  }
  return JSON.stringify(alerts);
}

/**
 * Posts the bodies over `connections` workers, each sending its next batch once the last is
 * answered (a closed loop, as Prometheus's notifier sends); timed from the first send to the last
 * answer. The bodies are built beforehand, so the client's JSON work is outside the timing.
 */
async function pushAll(target: Target, round: number, bodies: string[]): Promise<PushResult> {
  const samples: number[] = [];
  let failed = 0;
  let next = 0;
  const worker = async () => {
    for (let i = next++; i < bodies.length; i = next++) {
      const sentAt = performance.now();
      const response = await fetch(target.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: bodies[i],
      });
      await response.arrayBuffer();
      if (response.ok) samples.push(performance.now() - sentAt);
      else failed++;
    }
  };
  const dbBefore = await databaseCpuMs();
  const cpuBefore = target.cpuMs();
  const startedAt = performance.now();
  await Promise.all(Array.from({ length: connections }, worker));
  const seconds = (performance.now() - startedAt) / 1000;
  const cpuMs = target.cpuMs() - cpuBefore;
  const dbAfter = await databaseCpuMs();
  let dbCpuMs = 0;
  for (const [pid, ms] of dbAfter) {
    // A backend gone between the two reads has no figure: it is missed rather than spoiling the sum.
    const spent = ms - (dbBefore.get(pid) ?? 0);
    if (Number.isFinite(spent)) dbCpuMs += spent;
  }
  const latency = latencyResult(target.name, samples, bodies.length);
  return {
    name: target.name,
    round,
    alerts: samples.length * BATCH,
    batches: bodies.length,
    seconds,
    alertsPerSecond: (samples.length * BATCH) / seconds,
    p50: latency.p50,
    p99: latency.p99,
    failed,
    cpuMsPerBatch: cpuMs / bodies.length,
    dbCpuMsPerBatch: dbCpuMs / bodies.length,
  };
}

/**
 * CPU used so far by each PostgreSQL backend connected to the benchmark's database (but this
 * process's own), by pid: where the server waits when its own CPU is not the limit. Backends of
 * both servers are counted, so a run is charged with what the other's idle pool does meanwhile
 * (little); one that opens during a run counts whole, one that closes during it is missed.
 */
async function databaseCpuMs(): Promise<Map<number, number>> {
  const { rows } = await db.query<{ pid: number }>(
    'select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
  );
  return new Map(rows.map((r) => [r.pid, pidCpuMs(r.pid)]));
}

/** A round's baseline: its first run, as `targets` lists the baseline first. */
function baselineOf(results: PushResult[], round: number): PushResult | undefined {
  return results.find((r) => r.round === round);
}

function printResults(results: PushResult[]): void {
  console.log(
    '| round | run | alerts | batches | time | alerts/s | batch p50 ms | batch p99 ms | failed | server CPU ms/batch | PostgreSQL CPU ms/batch | alerts/s ÷ baseline | CPU ÷ baseline |',
  );
  console.log('|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
  for (const r of results) {
    const base = baselineOf(results, r.round);
    const cells = [
      r.round,
      r.name,
      r.alerts,
      r.batches,
      `${r.seconds.toFixed(2)} s`,
      Math.round(r.alertsPerSecond),
      r.p50.toFixed(1),
      r.p99.toFixed(1),
      r.failed,
      r.cpuMsPerBatch.toFixed(1),
      r.dbCpuMsPerBatch.toFixed(1),
      base ? multiple(r.alertsPerSecond / base.alertsPerSecond) : '-',
      base ? multiple(r.cpuMsPerBatch / base.cpuMsPerBatch) : '-',
    ];
    console.log(`| ${cells.join(' | ')} |`);
  }
}

/** Median and range of each target's figures over the rounds, ratios taken round by round. */
function printSummary(results: PushResult[], targets: Target[]): void {
  const span = (values: number[], format: (value: number) => string) => {
    const sorted = [...values].sort((a, b) => a - b);
    const median = sorted[Math.floor((sorted.length - 1) / 2)] ?? Number.NaN;
    return `${format(median)} (${format(sorted[0] ?? Number.NaN)}–${format(sorted.at(-1) ?? Number.NaN)})`;
  };
  console.log(
    '| run | alerts/s | alerts/s ÷ baseline | batch p99 ms | server CPU ms/alert | CPU ÷ baseline | PostgreSQL CPU ms/alert |',
  );
  console.log('|---|---:|---:|---:|---:|---:|---:|');
  for (const target of targets) {
    const own = results.filter((r) => r.name === target.name);
    const against = (pick: (r: PushResult) => number) =>
      own.map((r) => {
        const base = baselineOf(results, r.round);
        return base ? pick(r) / pick(base) : Number.NaN;
      });
    const cells = [
      target.name,
      span(
        own.map((r) => r.alertsPerSecond),
        (v) => String(Math.round(v)),
      ),
      span(
        against((r) => r.alertsPerSecond),
        multiple,
      ),
      span(
        own.map((r) => r.p99),
        (v) => v.toFixed(1),
      ),
      span(
        own.map((r) => r.cpuMsPerBatch / BATCH),
        (v) => v.toFixed(3),
      ),
      span(
        against((r) => r.cpuMsPerBatch),
        multiple,
      ),
      span(
        own.map((r) => r.dbCpuMsPerBatch / BATCH),
        (v) => v.toFixed(3),
      ),
    ];
    console.log(`| ${cells.join(' | ')} |`);
  }
}

/** A multiple of the baseline; a small share with a third decimal, or every row would read 0.03×. */
function multiple(ratio: number): string {
  return Number.isFinite(ratio) ? `${ratio.toFixed(ratio < 0.1 ? 3 : 2)}×` : '-';
}
