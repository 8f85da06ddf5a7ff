/**
 * GraphQL attack queries against the real server: how long the server takes to answer each (a 400
 * once the limits refuse it), as a multiple of a trivial valid query timed in the same run, and
 * what a trivial query costs while 1 MB attack queries arrive back to back on another connection.
 * One request at a time per connection: the figure is the time one attack holds the event loop.
 * Usage: npm run bench:graphql -w @oncall/bench  (BENCH_ATTACK_SAMPLES per attack, default 10;
 * BENCH_SECONDS for the run under attack, default 5; BENCH_ATTACKS, a regular expression, runs only
 * the attacks it matches, and the run under attack only with the 1 MB one: code without the limits
 * spends many minutes on it). The hostile documents of the GraphQL package's tests (fragment cycles,
 * fan-out, merged fields…) follow the attacks of issue #12.
 */
import { request } from 'node:http';
import { cpus } from 'node:os';
import { HOSTILE_DOCUMENTS } from '../../packages/graphql/test/hostile-documents';
import { createBenchDatabase } from './bench-database';
import { type LatencyResult, latencyResult } from './latency';
import { startServerProcess } from './server-process';
import { loginAdmin } from './service-fixtures';

const samples = Number(process.env.BENCH_ATTACK_SAMPLES ?? 10);
const selected = new RegExp(process.env.BENCH_ATTACKS ?? '');
const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const TRIVIAL = '{ __typename }';

const aliased = (count: number, selection: string) =>
  Array.from({ length: count }, (_, i) => `a${i}: ${selection}`).join(' ');

/** The attacks of issue #12, and a fragment-first variant aimed at the specification's validation. */
const ONE_MB = '1 MB: 142,857 duplicated fields';
const attacks: Array<[name: string, query: string, operationName?: string]> = [
  ['7 KB: 1,000 duplicated fields', `{ ${'me{id} '.repeat(1000)}}`],
  [ONE_MB, `{ ${'me{id} '.repeat(142_857)}}`],
  [
    '30 aliased alertRules(perPage: 100)',
    `{ ${aliased(30, 'alertRules(perPage: 100) { total items { id } }')} }`,
  ],
  ['40 nested inline fragments', `{ ${'... on Query { '.repeat(40)} me { id } ${'} '.repeat(40)}}`],
  ['60 directives', `{ ${'__typename @include(if: true) @skip(if: false) '.repeat(30)} }`],
  [
    'fragment first: 850 fields, then 16 aliases',
    `fragment F on Query { ${'__typename '.repeat(850)}} query { ${aliased(16, 'me { id }')} ...F }`,
  ],
  ...HOSTILE_DOCUMENTS.map(({ name, query, operationName }): [string, string, string?] => [
    name,
    query,
    operationName,
  ]),
];

interface Answer {
  status: number;
  ms: number;
}

/** One POST on a fresh connection, timed to the last byte of the answer; no client-side timeout. */
function post(url: string, body: string, headers: Record<string, string> = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const req = request(
      url,
      { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, agent: false },
      (res) => {
        res.resume();
        res.on('end', () => resolve({ status: res.statusCode ?? 0, ms: performance.now() - started }));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

const database = await createBenchDatabase();
const server = await startServerProcess(database.url, 3989);
try {
  const graphql = `${server.url}/graphql`;
  const auth = { authorization: `Bearer ${await loginAdmin(server)}` };
  const timed = async (
    name: string,
    query: string,
    count: number,
    operationName?: string,
  ): Promise<[LatencyResult, string]> => {
    const durations: number[] = [];
    const statuses = new Set<number>();
    for (let i = 0; i < count; i++) {
      // A comment makes each text new: Yoga caches parsing and validation by the query's text.
      const answer = await post(graphql, JSON.stringify({ query: `${query} #${i}`, operationName }), auth);
      durations.push(answer.ms);
      statuses.add(answer.status);
    }
    return [latencyResult(name, durations, count), [...statuses].join(', ')];
  };

  await timed('warm-up', TRIVIAL, 50);
  const [baseline, baselineStatus] = await timed(`baseline: ${TRIVIAL}`, TRIVIAL, 200);
  const rows: Array<[LatencyResult, string, number]> = [];
  for (const [name, query, operationName] of attacks.filter(([name]) => selected.test(name))) {
    const [result, status] = await timed(name, query, samples, operationName);
    rows.push([result, status, query.length]);
  }

  const responsive = selected.test(ONE_MB) ? await underAttack(graphql, auth) : undefined;

  console.log(
    `\nmachine: ${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, Node ${process.version}, PostgreSQL on 127.0.0.1\n`,
  );
  const ms = (value: number) => value.toFixed(1);
  const times = (value: number) => `${(value / baseline.p50).toFixed(1)}×`;
  console.log('| request | query chars | samples | status | p50 ms | p99 ms | max ms | p50 ÷ baseline p50 |');
  console.log('|---|---:|---:|---|---:|---:|---:|---:|');
  console.log(
    `| ${baseline.name} | ${TRIVIAL.length} | ${baseline.count} | ${baselineStatus} | ${ms(baseline.p50)} | ${ms(baseline.p99)} | ${ms(baseline.max)} | 1.0× |`,
  );
  for (const [result, status, chars] of rows) {
    console.log(
      `| ${result.name} | ${chars} | ${result.count} | ${status} | ${ms(result.p50)} | ${ms(result.p99)} | ${ms(result.max)} | ${times(result.p50)} |`,
    );
  }
  if (responsive) {
    console.log(
      `| ${responsive.name} | ${TRIVIAL.length} | ${responsive.count} | - | ${ms(responsive.p50)} | ${ms(responsive.p99)} | ${ms(responsive.max)} | ${times(responsive.p50)} |`,
    );
  }
} finally {
  await server.stop();
  await database.drop();
}

/** A trivial query every 10 ms while another connection keeps sending the 1 MB attack. */
async function underAttack(graphql: string, auth: Record<string, string>): Promise<LatencyResult> {
  const query = attacks.find(([name]) => name === ONE_MB)?.[1] ?? '';
  const big = (i: number) => JSON.stringify({ query: `${query} #${i}` });
  let attacking = true;
  let attacksSent = 0;
  const attacker = (async () => {
    while (attacking) {
      await post(graphql, big(attacksSent), auth);
      attacksSent++;
    }
  })();
  const latencies: number[] = [];
  const until = performance.now() + seconds * 1000;
  while (performance.now() < until) {
    latencies.push(
      (await post(graphql, JSON.stringify({ query: `${TRIVIAL} #${latencies.length}` }), auth)).ms,
    );
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  attacking = false;
  await attacker;
  return latencyResult(
    `baseline query while ${attacksSent} × 1 MB attacks were sent`,
    latencies,
    latencies.length,
  );
}
