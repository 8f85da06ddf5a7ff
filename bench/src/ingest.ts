/**
 * Step-4 benchmark: `POST /api/v1/fire-alert` on real PostgreSQL with the embedded engine, beside a
 * bare Fastify + single INSERT baseline measured in the same run on the same database:
 * - fire a new instance per request on a rule with no endpoints (each opens an episode: instance
 *   row, history event, rule state);
 * - fire 100 instances that are already firing, over and over ("Already Active");
 * - fire a new instance per request on a rule paging one SMS endpoint: each fire also queues a page,
 *   which the server's engine delivers to a local fake providerOne while the load runs. Its yardstick
 *   is a second baseline that also makes one local POST to the fake per request; pages delivered
 *   per second while the load ran are counted at the fake.
 * The ingestion limit is lifted: this measures throughput, not the limiter.
 * Usage: npm run bench:ingest -w @oncall/bench  (BENCH_SECONDS per run, BENCH_CONNECTIONS; BENCH_ONLY=
 *   new,firing,paged picks runs; the baseline always runs)
 */
import { randomBytes } from 'node:crypto';
import { cpus } from 'node:os';
import { startFakeProviderOne } from '@oncall/fakes';
import pg from 'pg';
import { startBaselineProcess } from './baseline-process';
import { createBenchDatabase } from './bench-database';
import { type LoadResult, printRatios, printTable, runLoad } from './load';
import { startServerProcess } from './server-process';
import { createApiRule, loginAdmin, seedSmsEndpoint } from './service-fixtures';

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 16);
const FIRING = 100;

const database = await createBenchDatabase();
const provider = await startFakeProviderOne();
const server = await startServerProcess(database.url, 3997, {
  INGEST_MAX_PER_TOKEN_PER_MINUTE: '1000000000',
  ALLOW_PRIVATE_WEBHOOK_TARGETS: 'true',
});
const baseline = await startBaselineProcess(database.url, 3996);
const pageBaseline = await startBaselineProcess(database.url, 3993, provider.url);
const db = new pg.Client({ connectionString: database.url });
await db.connect();
try {
  const accessToken = await loginAdmin(server);
  const quiet = await createApiRule(server, accessToken, 'bench quiet');
  const endpointId = await seedSmsEndpoint(server, database.url, provider.url);
  const paging = await createApiRule(server, accessToken, 'bench paging', [endpointId]);

  const run = randomBytes(3).toString('hex');
  let sent = 0;
  const alert = (instance: string) =>
    JSON.stringify({ alertname: 'bench', instance, description: 'benchmark alert' });
  const fire = (token: string) => ({
    url: `${server.url}/api/v1/fire-alert`,
    method: 'POST' as const,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    connections,
    seconds,
    cpuMs: server.cpuMs,
  });

  const only = (process.env.BENCH_ONLY ?? '').split(',').filter(Boolean);
  const wanted = (key: string) => only.length === 0 || only.includes(key);
  const base = await runLoad({
    name: 'baseline: bare Fastify, one INSERT',
    url: baseline.url,
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    nextBody: () => alert(`base-${run}-${sent++}`),
    connections,
    seconds,
    cpuMs: baseline.cpuMs,
  });
  const results: LoadResult[] = [base];
  if (wanted('new')) {
    results.push(
      await runLoad({
        ...fire(quiet.token),
        name: 'fire-alert, new instance each, no endpoints',
        nextBody: () => alert(`new-${run}-${sent++}`),
      }),
    );
  }
  if (wanted('firing')) {
    for (let i = 0; i < FIRING; i++) {
      const response = await fetch(`${server.url}/api/v1/fire-alert`, {
        method: 'POST',
        headers: fire(quiet.token).headers,
        body: alert(`firing-${i}`),
      });
      if (!response.ok) throw new Error(`firing instance ${i} failed: ${response.status}`);
    }
    results.push(
      await runLoad({
        ...fire(quiet.token),
        name: `fire-alert, ${FIRING} instances already firing`,
        nextBody: () => alert(`firing-${sent++ % FIRING}`),
      }),
    );
  }
  const pageResults: LoadResult[] = [];
  let pagesPerSecond: number | undefined;
  const delivered = () => provider.requests.filter((r) => r.query.message?.includes('paged-')).length;
  const deliveredBefore = delivered();
  if (wanted('paged')) {
    pageResults.push(
      await runLoad({
        name: 'baseline: bare Fastify, one INSERT, one local POST',
        url: pageBaseline.url,
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        nextBody: () => alert(`base-${run}-${sent++}`),
        connections,
        seconds,
        cpuMs: pageBaseline.cpuMs,
      }),
    );
    const startedAt = performance.now();
    pageResults.push(
      await runLoad({
        ...fire(paging.token),
        name: 'fire-alert, new instance each, one SMS endpoint',
        nextBody: () => alert(`paged-${run}-${sent++}`),
      }),
    );
    pagesPerSecond = ((delivered() - deliveredBefore) * 1000) / (performance.now() - startedAt);
  }
  const opened = async (ruleId: string) =>
    (await db.query<{ n: string }>('select count(*) as n from alert_instances where rule_id = $1', [ruleId]))
      .rows[0]?.n;

  console.log(
    `\nmachine: ${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, Node ${process.version}, PostgreSQL on 127.0.0.1\n`,
  );
  printTable([...results, ...pageResults]);
  console.log(`\nRatios to the baseline measured in this run:\n`);
  printRatios(results.slice(1), base);
  const [pageBase, paged] = pageResults;
  if (pageBase && paged) {
    console.log(`\nPaging fires, ratios to the baseline that also POSTs once per request:\n`);
    printRatios([paged], pageBase);
    console.log(
      `\npages received by the fake provider while the paging load ran: ${Math.round(pagesPerSecond ?? 0)}/s`,
    );
  }
  console.log(
    `\ninstances opened: quiet rule ${await opened(quiet.id)}, paging rule ${await opened(paging.id)}; ` +
      `SMS sends received for the paging run so far: ${delivered() - deliveredBefore}`,
  );
} finally {
  await db.end();
  await baseline.stop();
  await pageBaseline.stop();
  await server.stop();
  await provider.close();
  await database.drop();
}
