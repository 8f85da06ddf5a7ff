/**
 * Heartbeat benchmark on real PostgreSQL, the server in its own process:
 * - pings: `GET /api/v1/heartbeat/{token}` over 10,000 heartbeat rules in turn, each token seen
 *   once before (a `start` ping, as a running fleet's jobs have pinged within the minute), beside the
 *   same-run baseline (bare Fastify, one INSERT), as a ratio of requests per second;
 * - lateness detection: the 10,000 rules on one-minute schedules (grace 30 s) pinged once each over a
 *   minute, as their jobs would, then a second minute in which 10% miss their ping while the others
 *   keep pinging; the lag of each miss is when its fire was recorded less its deadline
 *   (`alert_events.created_at − heartbeats.down_at`), p50 / p99 / max.
 * Usage: npm run bench:heartbeats -w @oncall/bench  (BENCH_SECONDS for the ping runs, BENCH_CONNECTIONS,
 *   BENCH_HEARTBEATS, default 10,000; BENCH_LATENESS=0 skips the lateness minutes, for a quick look at the
 *   pings alone; BENCH_SERVER_CPU_PROF=dir writes the server's CPU profile there)
 */
import { randomBytes } from 'node:crypto';
import { cpus } from 'node:os';
import { SecretBox } from '@oncall/core';
import { AlertRule, User } from '@oncall/core/persistence';
import { openDatabase } from '@oncall/db';
import pg from 'pg';
import { startBaselineProcess } from './baseline-process';
import { createBenchDatabase } from './bench-database';
import { printRatios, printTable, runLoad } from './load';
import { startServerProcess } from './server-process';

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 16);
const HEARTBEATS = Number(process.env.BENCH_HEARTBEATS ?? 10_000);
const PERIOD_MS = 60_000;
const MISSING_SHARE = 0.1;
/** As a job's schedule would have: its pings need not land to the millisecond. */
const GRACE_MS = 30_000;
const LATENESS = process.env.BENCH_LATENESS !== '0';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const database = await createBenchDatabase();
const server = await startServerProcess(database.url, 4389);
const baseline = await startBaselineProcess(database.url, 4388);
const db = new pg.Client({ connectionString: database.url });
await db.connect();
try {
  const tokens = await seedHeartbeatRules(database.url, server.encryptionKey, HEARTBEATS);
  const ruleIdOf = new Map<string, string>();
  for (const row of (
    await db.query<{ id: string; name: string }>("select id, name from alert_rules where type = 'heartbeat'")
  ).rows) {
    ruleIdOf.set(row.name, row.id);
  }

  // A running fleet: every token was pinged within the last minute, so each process knows its rule.
  // `start` pings record a run and set no deadline, so this warm-up makes nothing fall due.
  await pacedPings(server.url, tokens, 0, '/start');

  // Throughput: pings against the bare baseline, same connections and length.
  let sent = 0;
  const run = randomBytes(3).toString('hex');
  const base = await runLoad({
    name: 'baseline: bare Fastify, one INSERT',
    url: baseline.url,
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    nextBody: () => JSON.stringify({ alertname: 'bench', instance: `base-${run}-${sent++}` }),
    connections,
    seconds,
    cpuMs: baseline.cpuMs,
  });
  let next = 0;
  const pings = await runLoad({
    name: `GET /heartbeat/{token}, ${HEARTBEATS} heartbeats in turn`,
    url: `${server.url}/api/v1/heartbeat/${tokens[0]}`,
    method: 'GET',
    nextPath: () => `/api/v1/heartbeat/${tokens[next++ % tokens.length]}`,
    connections,
    seconds,
    cpuMs: server.cpuMs,
  });

  console.log(
    `\nmachine: ${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, Node ${process.version}, PostgreSQL on 127.0.0.1\n`,
  );
  printTable([base, pings]);
  console.log('\nRatios to the baseline measured in this run:\n');
  printRatios([pings], base);
  if (LATENESS) await lateness(tokens, ruleIdOf);
} finally {
  await db.end();
  await baseline.stop();
  await server.stop();
  await database.drop();
}

/** A minute in which every job pings once, paced; then one in which 10% do not; the lag of each miss. */
async function lateness(tokens: readonly string[], ruleIdOf: ReadonlyMap<string, string>): Promise<void> {
  const missing = new Set(tokens.filter((_, i) => i % Math.round(1 / MISSING_SHARE) === 0));
  await pacedPings(server.url, tokens, PERIOD_MS);
  const secondMinute = Date.now();
  await pacedPings(
    server.url,
    tokens.filter((token) => !missing.has(token)),
    PERIOD_MS,
  );
  // The last misses fall due a minute after the second minute began; give the monitor its time.
  await sleep(Math.max(0, secondMinute + PERIOD_MS + GRACE_MS + 5_000 - Date.now()));
  const missedRuleIds = tokens
    .map((token, i) => (missing.has(token) ? ruleIdOf.get(`hb-${i}`) : undefined))
    .filter((id): id is string => id !== undefined);
  const lags = (
    await db.query<{ lag_ms: string }>(
      `select extract(epoch from (e.created_at - h.down_at)) * 1000 as lag_ms
         from heartbeats h
         join alert_events e on e.rule_id = h.rule_id and e.kind = 'fired' and e.created_at >= h.down_at
        where h.rule_id = any($1::uuid[]) and h.down_at >= $2::timestamptz`,
      [missedRuleIds, new Date(secondMinute)],
    )
  ).rows
    .map((row) => Number(row.lag_ms))
    .sort((a, b) => a - b);
  const at = (q: number) => lags[Math.min(lags.length - 1, Math.floor(q * lags.length))] ?? Number.NaN;
  console.log(
    `\nlateness detection, ${HEARTBEATS} heartbeats every minute (grace 30 s), ${missing.size} missed while the others pinged:` +
      `\n  fired ${lags.length} of ${missing.size}; lag (fire recorded − deadline) p50 ${at(0.5).toFixed(0)} ms, ` +
      `p99 ${at(0.99).toFixed(0)} ms, max ${(lags.at(-1) ?? Number.NaN).toFixed(0)} ms`,
  );
}

/** `count` heartbeat rules (interval 60 s, grace 30 s), written through the ORM; their ping tokens. */
async function seedHeartbeatRules(
  databaseUrl: string,
  encryptionKey: Buffer,
  count: number,
): Promise<string[]> {
  const box = new SecretBox(encryptionKey);
  const opened = await openDatabase({ kind: 'postgres', url: databaseUrl }, { poolMax: 2 });
  const tokens: string[] = [];
  try {
    for (let start = 0; start < count; start += 1_000) {
      const em = opened.orm.em.fork();
      const admin = await em.findOneOrFail(User, { username: 'admin' });
      for (let i = start; i < Math.min(count, start + 1_000); i++) {
        const token = `ak_${randomBytes(32).toString('base64url')}`;
        em.create(AlertRule, {
          name: `hb-${i}`,
          type: 'heartbeat',
          owner: admin,
          settings: {
            scheduleKind: 'interval',
            periodSeconds: PERIOD_MS / 1000,
            graceSeconds: GRACE_MS / 1000,
            timeZone: 'UTC',
          },
          tokenHash: box.lookupHash(token),
          sealedToken: box.encrypt(token),
        });
        tokens.push(token);
      }
      await em.flush();
    }
    return tokens;
  } finally {
    await opened.close();
  }
}

/** Pings each token once, spread evenly over `overMs` (a job per heartbeat, all on one-minute schedules). */
async function pacedPings(
  serverUrl: string,
  tokens: readonly string[],
  overMs: number,
  action = '',
): Promise<void> {
  const startedAt = Date.now();
  const gap = overMs / Math.max(1, tokens.length);
  const inFlight = new Set<Promise<void>>();
  const failures = new Map<string, number>();
  const failed = (why: string) => failures.set(why, (failures.get(why) ?? 0) + 1);
  for (const [i, token] of tokens.entries()) {
    const wait = startedAt + i * gap - Date.now();
    if (wait > 0) await sleep(wait);
    const ping = fetch(`${serverUrl}/api/v1/heartbeat/${token}${action}`)
      .then(async (response) => {
        const body = await response.text();
        if (!response.ok) failed(`${response.status} ${body.slice(0, 120)}`);
      })
      .then(
        () => undefined,
        (error: unknown) => {
          failed(String(error));
        },
      )
      .finally(() => inFlight.delete(ping));
    inFlight.add(ping);
    if (inFlight.size >= 64) await Promise.race(inFlight);
  }
  await Promise.all(inFlight);
  const lateBy = Date.now() - startedAt - overMs;
  console.log(
    `paced ${tokens.length} pings over ${overMs} ms (finished ${lateBy} ms late); failures: ${JSON.stringify([...failures])}`,
  );
}
