/**
 * Step-3 benchmark: `GET /api/v1/alert-rule` over 100,000 rules on real PostgreSQL, a page of 50,
 * with and without filters, as the owner role (sees everything) and as a member who sees its own
 * rules plus those shared with it and with its team.
 * Usage: npm run bench:rules -w @oncall/bench  (BENCH_SECONDS per run, BENCH_CONNECTIONS,
 * BENCH_KEEP_DB=1 to keep the database for EXPLAIN ANALYZE afterwards)
 */
import { cpus } from 'node:os';
import pg from 'pg';
import { createBenchDatabase } from './bench-database';
import { type LoadResult, printTable, runLoad } from './load';
import { startServerProcess } from './server-process';

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 4);
const RULES = 100_000;
const MEMBERS = 200;
const TEAMS = 20;
const ENDPOINTS = 400;
const BENCH_MEMBER = { username: 'bench-member', password: 'bench-member-password' };

const database = await createBenchDatabase();
const server = await startServerProcess(database.url, 3998);
const db = new pg.Client({ connectionString: database.url });
await db.connect();
try {
  const json = { 'content-type': 'application/json' };
  const login = async (username: string, password: string) => {
    const response = await fetch(`${server.url}/api/v1/auth/login`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ username, password }),
    });
    if (!response.ok) throw new Error(`login failed: ${response.status}`);
    return ((await response.json()) as { accessToken: string }).accessToken;
  };
  const ownerToken = await login('admin', server.adminPassword);
  const created = await fetch(`${server.url}/api/v1/user`, {
    method: 'POST',
    headers: { ...json, authorization: `Bearer ${ownerToken}` },
    body: JSON.stringify({
      ...BENCH_MEMBER,
      name: 'Bench member',
      confirmPassword: BENCH_MEMBER.password,
      role: 'member',
    }),
  });
  if (!created.ok) throw new Error(`creating the bench member failed: ${await created.text()}`);
  const memberId = ((await created.json()) as { id: string }).id;
  const memberToken = await login(BENCH_MEMBER.username, BENCH_MEMBER.password);

  const started = Date.now();
  await seed(db, memberId);
  console.log(`seeded ${RULES} rules in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  const { rows } = await db.query<{ id: string }>(
    'select endpoint_id as id from alert_rule_endpoints group by endpoint_id order by count(*) desc limit 1',
  );
  const endpointId = rows[0]?.id ?? '';

  const list = (query: string) => `${server.url}/api/v1/alert-rule?perPage=50${query}`;
  const scenarios: Array<[string, string, string]> = [
    ['owner role, no filter', ownerToken, ''],
    ['owner role, page 100', ownerToken, '&page=100'],
    ['owner role, tags=team-3,env-prod', ownerToken, '&tags=team-3,env-prod'],
    ['owner role, alertname=rule 0042', ownerToken, '&alertname=rule%200042'],
    ['owner role, status=critical&types=api,zabbix', ownerToken, '&status=critical&types=api,zabbix'],
    ['owner role, endpointId', ownerToken, `&endpointId=${endpointId}`],
    ['owner role, userId (member)', ownerToken, `&userId=${memberId}`],
    ['member, no filter', memberToken, ''],
    [
      'member, status[]=critical&status[]=warning&tags=env-prod',
      memberToken,
      '&status[]=critical&status[]=warning&tags=env-prod',
    ],
    ['member, silentStatus=active&alertname=rule', memberToken, '&silentStatus=active&alertname=rule'],
  ];
  // The cheapest authenticated call, as a yardstick for what the machine gives any request.
  const results: LoadResult[] = [
    await runLoad({
      name: 'POST /auth/me (baseline)',
      url: `${server.url}/api/v1/auth/me`,
      method: 'POST',
      headers: { authorization: `Bearer ${memberToken}` },
      connections,
      seconds,
    }),
  ];
  for (const [name, token, query] of scenarios) {
    const probe = await fetch(list(query), { headers: { authorization: `Bearer ${token}` } });
    const page = (await probe.json()) as { total: number; data: unknown[] };
    results.push(
      await runLoad({
        name: `GET /alert-rule ${name} (${page.data.length} of ${page.total})`,
        url: list(query),
        headers: { authorization: `Bearer ${token}` },
        connections,
        seconds,
      }),
    );
  }
  console.log(
    `\nmachine: ${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, Node ${process.version}, PostgreSQL on 127.0.0.1\n`,
  );
  printTable(results);
  if (process.env.BENCH_KEEP_DB) console.log(`\ndatabase kept: ${database.url}`);
} finally {
  await db.end();
  await server.stop();
  if (!process.env.BENCH_KEEP_DB) await database.drop();
}

/**
 * Bulk-inserts the data set in SQL (seconds, not the hours 100,000 API calls would take):
 * 200 members own the rules round-robin; a fifth of the rules is shared with one member, a tenth
 * with one of 20 teams of 10; every rule pages one of 400 endpoints. The bench member (the first
 * member) owns 500 rules, is shared 100 more and sees 500 through its team: about 1,100 in all,
 * and has silenced a tenth of those it owns or is shared. Tags, types and states cycle at different periods, so
 * every filter keeps a different slice.
 */
async function seed(client: pg.Client, benchMemberId: string): Promise<void> {
  await client.query('begin');
  await client.query(
    `insert into users (id, username, name, password_hash, role, is_system_admin, created_at, updated_at)
     select gen_random_uuid(), 'member-' || i, 'Member ' || i, 'not-a-hash', 'member', false, now(), now()
       from generate_series(1, $1) as i`,
    [MEMBERS - 1],
  );
  await client.query(`create temporary table bench_members as
    select id, row_number() over (order by username) - 1 as n from users where role = 'member'`);
  await client.query(
    `insert into teams (id, name, owner_id, created_at, updated_at)
     select gen_random_uuid(), 'team-' || i, (select id from bench_members where n = i), now(), now()
       from generate_series(0, $1 - 1) as i`,
    [TEAMS],
  );
  await client.query(`create temporary table bench_teams as
    select id, row_number() over (order by name) - 1 as n from teams`);
  await client.query(
    `insert into team_members (team_id, user_id)
     select t.id, m.id from bench_teams t join bench_members m on m.n % $1 = t.n`,
    [TEAMS],
  );
  await client.query(
    // No webhook URL: it would be sealed with the service's key, and listing rules never opens it.
    `insert into endpoints (id, name, type, destination, owner_id, created_at, updated_at)
     select gen_random_uuid(), 'endpoint-' || i, 'teams', '{}'::jsonb,
            (select id from bench_members where n = i % $2), now(), now()
       from generate_series(0, $1 - 1) as i`,
    [ENDPOINTS, MEMBERS],
  );
  await client.query(`create temporary table bench_endpoints as
    select id, row_number() over (order by name) - 1 as n from endpoints`);
  await client.query(
    `insert into alert_rules (id, name, type, show_acknowledge_btn, owner_id, settings, tags, pinned, state,
                              created_at, updated_at)
     select gen_random_uuid(), 'rule ' || lpad(i::text, 6, '0'),
            (array['api','notification','prometheus','grafana','pmm','sentry','splunk','metabase','zabbix',
                   'elastic','victoria_logs'])[1 + i % 11],
            false, m.id, '{}'::jsonb,
            array['team-' || i % 20, 'env-' || (array['prod','staging','dev'])[1 + i % 3], 'svc-' || i % 500],
            i % 1000 = 0,
            (array['unknown','warning','critical','triggered','resolved'])[1 + (i / 7) % 5],
            now() - make_interval(secs => i), now()
       from generate_series(1, $1) as i join bench_members m on m.n = i % $2`,
    [RULES, MEMBERS],
  );
  await client.query(`create temporary table bench_rules as
    select id, row_number() over (order by name) as i from alert_rules`);
  await client.query(
    `insert into alert_rule_users (alert_rule_id, user_id)
     select r.id, m.id from bench_rules r join bench_members m on m.n = (r.i / 5 + 37) % $1
      where r.i % 5 = 0`,
    [MEMBERS],
  );
  await client.query(
    `insert into alert_rule_teams (alert_rule_id, team_id)
     select r.id, t.id from bench_rules r join bench_teams t on t.n = (r.i / 10) % $1 where r.i % 10 = 3`,
    [TEAMS],
  );
  await client.query(
    `insert into alert_rule_endpoints (alert_rule_id, endpoint_id)
     select r.id, e.id from bench_rules r join bench_endpoints e on e.n = r.i % $1`,
    [ENDPOINTS],
  );
  await client.query(
    `insert into alert_rule_silences (alert_rule_id, user_id)
     select r.id, $1::uuid from bench_rules r join alert_rules a on a.id = r.id
      where r.i % 10 = 0 and (a.owner_id = $1::uuid
         or exists (select 1 from alert_rule_users s where s.alert_rule_id = r.id and s.user_id = $1::uuid))`,
    [benchMemberId],
  );
  await client.query('commit');
  // What autovacuum would have done by the time anyone lists 100,000 rules.
  await client.query('vacuum analyze');
}
