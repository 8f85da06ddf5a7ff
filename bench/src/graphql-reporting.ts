/**
 * Reporting benchmark: MTTA and MTTR per team (`episodeStats(groupBy: team)`) over 1,000,000 history
 * rows — 250,000 episodes of 100 rules in 10 teams over 30 days, each fired, re-fired, acknowledged
 * and resolved, bulk-inserted in SQL — asked of the server over HTTP as the admin, one query at a
 * time. Beside it, the same aggregate as bare SQL on one pg connection (the floor GraphQL, the
 * core and HTTP add to). Prints p50/p99 of each, for all 30 days and for the last 7.
 * Usage: npm run bench:reporting -w @oncall/bench  (BENCH_QUERIES per run, default 50;
 * BENCH_KEEP_DB=1 keeps the database for EXPLAIN ANALYZE afterwards)
 */
import { cpus } from 'node:os';
import pg from 'pg';
import { createBenchDatabase } from './bench-database';
import { type LatencyResult, latencyResult } from './latency';
import { startServerProcess } from './server-process';
import { createApiRule, loginAdmin } from './service-fixtures';

const QUERIES = Number(process.env.BENCH_QUERIES ?? 50);
const RULES = 100;
const TEAMS = 10;
const EPISODES = 250_000;
const DAYS = 30;

const GRAPHQL = `query ($f: ReportFilterInput) { episodeStats(groupBy: team, filter: $f) {
  key { teamId } episodes acknowledged resolved mtta { p50 p90 p99 } mttr { p50 p90 p99 } } }`;

/** What the core runs for the admin (every rule visible), written out by hand. */
const BARE_SQL = `select st.team_id, count(*)::int as episodes, count(ep.ack)::int, count(ep.res)::int,
    percentile_cont(array[0.5, 0.9, 0.99]) within group (order by extract(epoch from ep.ack - ep.fired)),
    percentile_cont(array[0.5, 0.9, 0.99]) within group (order by extract(epoch from ep.res - ep.fired))
  from (select e.episode_id, e.rule_id,
               min(e.created_at) filter (where e.kind = 'fired') as fired,
               min(e.created_at) filter (where e.kind = 'acknowledged') as ack,
               min(e.created_at) filter (where e.kind in ('resolved', 'auto_resolved')) as res
          from alert_events e join alert_rules r on r.id = e.rule_id
         where e.episode_id is not null and e.kind in ('fired', 'acknowledged', 'resolved', 'auto_resolved')
           and e.created_at >= $1::timestamptz
         group by e.episode_id, e.rule_id) as ep
  join alert_rule_teams st on st.alert_rule_id = ep.rule_id
  where ep.fired is not null and ep.fired >= $1::timestamptz
  group by st.team_id order by 1`;

const database = await createBenchDatabase();
const server = await startServerProcess(database.url, 3971);
const db = new pg.Client({ connectionString: database.url });
await db.connect();
try {
  const accessToken = await loginAdmin(server);
  const ruleIds: string[] = [];
  for (let i = 0; i < RULES; i++) {
    ruleIds.push((await createApiRule(server, accessToken, `reporting ${String(i).padStart(3, '0')}`)).id);
  }
  const started = Date.now();
  const until = await seed(db, ruleIds);
  console.log(`seeded ${EPISODES * 4} history rows in ${((Date.now() - started) / 1000).toFixed(1)} s`);

  const results: LatencyResult[] = [];
  for (const days of [DAYS, 7]) {
    const from = new Date((until - days * 86400) * 1000).toISOString();
    const ask = async () => {
      const response = await fetch(`${server.url}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${accessToken}` },
        body: JSON.stringify({ query: GRAPHQL, variables: { f: { from } } }),
      });
      const body = (await response.json()) as {
        data?: { episodeStats: { episodes: number }[] };
        errors?: unknown;
      };
      if (!response.ok || body.errors || !body.data) throw new Error(`query failed: ${JSON.stringify(body)}`);
      return body.data.episodeStats;
    };
    const rows = await ask(); // warm: plans and caches, as a running server has them
    const episodes = rows.reduce((sum, row) => sum + row.episodes, 0);
    results.push(
      latencyResult(
        `GraphQL episodeStats per team, ${days} days (${rows.length} teams, ${episodes} episodes)`,
        await timed(ask),
        QUERIES,
      ),
    );
    await db.query(BARE_SQL, [from]);
    results.push(
      latencyResult(
        `baseline: the bare SQL, ${days} days`,
        await timed(() => db.query(BARE_SQL, [from])),
        QUERIES,
      ),
    );
  }
  console.log(
    `\nmachine: ${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, Node ${process.version}, PostgreSQL on 127.0.0.1; ${QUERIES} queries each, one at a time\n`,
  );
  console.log('| run | queries | p50 ms | p99 ms | max ms |\n| --- | ---: | ---: | ---: | ---: |');
  for (const r of results) {
    console.log(
      `| ${r.name} | ${r.count} | ${r.p50.toFixed(1)} | ${r.p99.toFixed(1)} | ${r.max.toFixed(1)} |`,
    );
  }
  if (process.env.BENCH_KEEP_DB) console.log(`\ndatabase kept: ${database.url}`);
} finally {
  await db.end();
  await server.stop();
  if (!process.env.BENCH_KEEP_DB) await database.drop();
}

async function timed(run: () => Promise<unknown>): Promise<number[]> {
  const samples: number[] = [];
  for (let i = 0; i < QUERIES; i++) {
    const start = performance.now();
    await run();
    samples.push(performance.now() - start);
  }
  return samples;
}

/**
 * Ten teams of ten rules; 250,000 episodes spread evenly over the last 30 days, round-robin over
 * the rules, each with four events: fired, refired 10 s later, acknowledged 30–629 s and resolved
 * 300–3,899 s after the fire. Returns the end of the history, unix seconds.
 */
async function seed(client: pg.Client, ids: string[]): Promise<number> {
  const { rows } = await client.query<{ until: number; admin: string }>(
    `select floor(extract(epoch from now()))::int as until, (select id from users where username = 'admin') as admin`,
  );
  const until = rows[0]?.until ?? Math.floor(Date.now() / 1000);
  await client.query(
    `insert into teams (id, name, owner_id, created_at, updated_at)
     select md5('team' || t)::uuid, 'team ' || t, $1, now(), now() from generate_series(0, $2 - 1) as t`,
    [rows[0]?.admin, TEAMS],
  );
  await client.query(
    `insert into alert_rule_teams (alert_rule_id, team_id)
     select r.id, md5('team' || (r.n - 1) % $2)::uuid from unnest($1::uuid[]) with ordinality as r(id, n)`,
    [ids, TEAMS],
  );
  await client.query(
    `insert into alert_events (id, rule_id, instance_id, episode_id, kind, state, rule_state, alertname,
                               instance, created_at)
     select gen_random_uuid(), ($1::uuid[])[1 + e % $2], md5('instance' || e % $2)::uuid, md5('episode' || e)::uuid,
            (array['fired','refired','acknowledged','resolved'])[1 + k],
            (array['critical','critical','critical','resolved'])[1 + k],
            (array['critical','critical','critical','resolved'])[1 + k],
            'bench', 'host-' || e % $2,
            to_timestamp($4 - ($3 - e) * ($5 * 86400.0 / $3))
              + make_interval(secs => (array[0, 10, 30 + (e::bigint * 7919) % 600, 300 + (e::bigint * 104729) % 3600])[1 + k])
       from generate_series(0, $3 - 1) as e cross join generate_series(0, 3) as k`,
    [ids, ids.length, EPISODES, until, DAYS],
  );
  await client.query('vacuum analyze alert_events, alert_rule_teams, alert_rules');
  return until;
}
