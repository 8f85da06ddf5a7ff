/**
 * Step-4 benchmark: the status timeline, `GET /api/v1/alert-rule/status`, of 100 rules in 100
 * buckets over 1,000,000 history rows (10,000 state changes per rule over 30 days, bulk-inserted in
 * SQL), as the admin: over the last day (about 33,000 of the rows), the last week, and all 30 days
 * (every row). Beside it, the bare Fastify + one INSERT baseline with the same connections.
 * Usage: npm run bench:timeline -w @oncall/bench  (BENCH_SECONDS per run, BENCH_CONNECTIONS, default 1;
 * BENCH_KEEP_DB=1 keeps the database for EXPLAIN ANALYZE afterwards)
 */
import { cpus } from 'node:os';
import pg from 'pg';
import { startBaselineProcess } from './baseline-process';
import { createBenchDatabase } from './bench-database';
import { type LoadResult, printRatios, printTable, runLoad } from './load';
import { startServerProcess } from './server-process';
import { createApiRule, loginAdmin } from './service-fixtures';

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 1);
const RULES = 100;
const EVENTS = 1_000_000;
const DAYS = 30;
const BUCKETS = 100;

const database = await createBenchDatabase();
const server = await startServerProcess(database.url, 3993);
const baseline = await startBaselineProcess(database.url, 3992);
const db = new pg.Client({ connectionString: database.url });
await db.connect();
try {
  const accessToken = await loginAdmin(server);
  const ruleIds: string[] = [];
  for (let i = 0; i < RULES; i++) {
    ruleIds.push((await createApiRule(server, accessToken, `timeline ${String(i).padStart(3, '0')}`)).id);
  }
  const started = Date.now();
  const until = await seed(db, ruleIds);
  console.log(`seeded ${EVENTS} history rows in ${((Date.now() - started) / 1000).toFixed(1)} s`);

  const day = 24 * 3600;
  const timeline = (days: number) =>
    `${server.url}/api/v1/alert-rule/status?alertRuleIds=${ruleIds.join(',')}` +
    `&fromTime=${until - days * day}&toTime=${until}&bucketCount=${BUCKETS}`;
  const base = await runLoad({
    name: 'baseline: bare Fastify, one INSERT',
    url: baseline.url,
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ alertname: 'bench', instance: 'baseline' }),
    connections,
    seconds,
    cpuMs: baseline.cpuMs,
  });
  const results: LoadResult[] = [base];
  for (const days of [1, 7, DAYS]) {
    const probe = await fetch(timeline(days), { headers: { authorization: `Bearer ${accessToken}` } });
    if (!probe.ok) throw new Error(`timeline failed: ${probe.status} ${await probe.text()}`);
    const answer = (await probe.json()) as Array<{ segments: unknown[] }>;
    const { rows } = await db.query<{ n: string }>(
      'select count(*) as n from alert_events where created_at >= to_timestamp($1)',
      [until - days * day],
    );
    results.push(
      await runLoad({
        name: `timeline, last ${days} day${days > 1 ? 's' : ''} (${answer.length} rules × ${answer[0]?.segments.length} segments over ${rows[0]?.n} rows)`,
        url: timeline(days),
        headers: { authorization: `Bearer ${accessToken}` },
        connections,
        seconds,
        cpuMs: server.cpuMs,
      }),
    );
  }
  console.log(
    `\nmachine: ${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, Node ${process.version}, PostgreSQL on 127.0.0.1\n`,
  );
  printTable(results);
  console.log('\nRatios to the baseline measured in this run:\n');
  printRatios(results.slice(1), base);
  if (process.env.BENCH_KEEP_DB) console.log(`\ndatabase kept: ${database.url}`);
} finally {
  await db.end();
  await baseline.stop();
  await server.stop();
  if (!process.env.BENCH_KEEP_DB) await database.drop();
}

/**
 * 10,000 history rows per rule, evenly over the last 30 days, cycling critical → resolved →
 * warning → resolved (one instance per rule, so the rule's state is the instance's). Returns the
 * end of the history, unix seconds.
 */
async function seed(client: pg.Client, ids: string[]): Promise<number> {
  const { rows } = await client.query<{ until: number }>(
    'select floor(extract(epoch from now()))::int as until',
  );
  const until = rows[0]?.until ?? Math.floor(Date.now() / 1000);
  await client.query(
    `insert into alert_events (id, rule_id, instance_id, episode_id, kind, state, rule_state, alertname,
                               instance, created_at)
     select gen_random_uuid(), ($1::uuid[])[1 + i % $2], null, null,
            (array['fired','resolved','status','resolved'])[1 + (i / $2) % 4],
            (array['critical','resolved','warning','resolved'])[1 + (i / $2) % 4],
            (array['critical','resolved','warning','resolved'])[1 + (i / $2) % 4],
            'bench', 'host-' || i % $2,
            to_timestamp($4 - ($3 - i) * ($5 * 86400.0 / $3))
       from generate_series(0, $3 - 1) as i`,
    [ids, ids.length, EVENTS, until, DAYS],
  );
  // As autovacuum leaves them in service; the roll-up's index is then read without the heap.
  await client.query('vacuum analyze alert_events, alert_rule_state_periods');
  return until;
}
