/**
 * An alert storm (issue #31 item 5): `STORM_INSTANCES` new instances (10,000) fired over
 * `STORM_SECONDS` (10) on one rule that groups (`STORM_GROUP_INTERVAL`, 10 s) and pages a fake
 * Telegram that enforces one message a second per chat (429 with `retry_after`, as the Bot API), a
 * fake Mattermost webhook and a fake SMS vendor. The server (ingestion, `ENGINE_WORKERS=false`) and
 * the engine's workers (`delivery-engine-process.ts`, pointed at the fake Bot API) run in processes
 * of their own; the fakes and the clock are here. The same-run baseline is the same server taking
 * the same fires on a rule that pages nothing.
 * Reports: fire → first mention of each instance: the first message a vendor accepted that carried
 * it (its own page, or a group message listing it; a group message names at most 10 in its text and
 * counts the rest, "and N more", so the delivery log's `carried` is what says which instances it
 * spoke for; how many were also named in a text is reported beside it), messages per endpoint
 * against their pacing, 429s sent into (a send before the `retry_after` of a 429 to that chat ran
 * out: must be 0), SMS per group interval, queue drain time after the last fire, ingestion during
 * the storm ÷ the baseline's.
 * Usage: npm run bench:storm -w @oncall/bench
 */
import { type ChildProcess, fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { cpus, loadavg } from 'node:os';
import { SecretBox } from '@oncall/core';
import { Endpoint, sealJson, User } from '@oncall/core/persistence';
import { openDatabase } from '@oncall/db';
import { startFakeBotApi, startFakeProviderOne, startFakeWebhookReceiver } from '@oncall/fakes';
import pg from 'pg';
import { createBenchDatabase } from './bench-database';
import { startServerProcess } from './server-process';
import { createApiRule, loginAdmin, seedSmsEndpoint } from './service-fixtures';

const INSTANCES = Number(process.env.STORM_INSTANCES ?? 10_000);
const SECONDS = Number(process.env.STORM_SECONDS ?? 10);
const GROUP_INTERVAL_S = Number(process.env.STORM_GROUP_INTERVAL ?? 10);
/** Telegram's documented limit for one chat: about one message a second. */
const CHAT_INTERVAL_MS = 1_000;
/** Fire requests in flight at most: the offered rate is paced, the connections bounded. */
const IN_FLIGHT = 64;
const DRAIN_LIMIT_MS = 120_000;

const database = await createBenchDatabase();
const botApi = await startFakeBotApi({ chatIntervalMs: CHAT_INTERVAL_MS });
const mattermost = await startFakeWebhookReceiver();
const sms = await startFakeProviderOne();
const server = await startServerProcess(database.url, 3975, {
  INGEST_MAX_PER_TOKEN_PER_MINUTE: '1000000000',
  ALLOW_PRIVATE_WEBHOOK_TARGETS: 'true',
  ENGINE_WORKERS: 'false',
});
let engine: ChildProcess | undefined;
const sql = new pg.Client({ connectionString: database.url });
try {
  await sql.connect();
  engine = await startEngine();
  const accessToken = await loginAdmin(server);
  const smsEndpoint = await seedSmsEndpoint(server, database.url, sms.url);
  const [telegramEndpoint, mattermostEndpoint] = await seedChatEndpoints();
  const endpoints = [telegramEndpoint ?? '', mattermostEndpoint ?? '', smsEndpoint];
  const quiet = await createApiRule(server, accessToken, 'storm baseline', []);
  const storm = await createApiRule(server, accessToken, 'storm', endpoints, GROUP_INTERVAL_S);
  const run = randomBytes(3).toString('hex');

  const baseline = await fireAll(quiet.token, `base-${run}`);
  const loadBefore = loadavg()[0] ?? 0;
  const stormStart = performance.now();
  const stormFires = await fireAll(storm.token, `st-${run}`);
  const drainStart = performance.now();
  const drainMs = await waitForDrain();
  const drainedAt = performance.now();
  const load = Math.max(loadBefore, loadavg()[0] ?? 0);

  // Each instance's first mention: the first delivered message that carried it (by the delivery
  // log, stamped when the vendor answered), and separately the first text that named it.
  const carriedAt = await firstCarried(endpoints, `st-${run}-`);
  const mentionTimes = [...carriedAt]
    .map(([n, at]) => at - (stormFires.firedAt.get(n) ?? at))
    .sort((a, b) => a - b);
  const within30s = mentionTimes.filter((ms) => ms <= 30_000).length;
  const marker = new RegExp(`st-${run}-(\\d+)`, 'g');
  const named = new Set<number>();
  const note = (text: string) => {
    for (const match of text.matchAll(marker)) named.add(Number(match[1]));
  };
  for (const call of botApi.requests) note(String(call.payload.text ?? ''));
  for (const delivery of mattermost.requests) note(delivery.body);
  for (const request of sms.requests) note(request.query.message ?? '');

  const telegramSends = botApi.sentMessages().length;
  console.log(
    `\nmachine: ${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, Node ${process.version}, PostgreSQL on 127.0.0.1; load average up to ${load.toFixed(1)}`,
  );
  console.log(
    `${INSTANCES} new instances over ${SECONDS} s on one rule (group interval ${GROUP_INTERVAL_S} s) paging Telegram (1 message/s per chat enforced with 429), Mattermost, SMS\n`,
  );
  console.log('| measure | storm | same-run baseline | ratio |');
  console.log('|---|---:|---:|---:|');
  console.log(
    `| ingestion (fires answered per second, ${Math.round(INSTANCES / SECONDS)}/s offered) | ${stormFires.rate.toFixed(0)} | ${baseline.rate.toFixed(0)} (rule paging nothing) | ${(stormFires.rate / baseline.rate).toFixed(2)}× |`,
  );
  console.log(
    `| fire requests failed | ${stormFires.failed} | ${baseline.failed} | |\n\n| measure | value |\n|---|---:|`,
  );
  console.log(
    `| instances carried by some delivered message | ${carriedAt.size} of ${INSTANCES} (${within30s} within 30 s) |`,
  );
  console.log(
    `| fire → first message carrying it: p50 / p99 / max | ${pct(mentionTimes, 0.5)} / ${pct(mentionTimes, 0.99)} / ${pct(mentionTimes, 1)} ms |`,
  );
  console.log(`| instances named by text in some message (at most 10 a message) | ${named.size} |`);
  console.log(
    `| Telegram: sendMessage calls / accepted / refused 429 | ${telegramSends} / ${telegramSends - botApi.refusedForPace()} / ${botApi.refusedForPace()} |`,
  );
  console.log(
    `| Telegram: most accepted in any ${CHAT_INTERVAL_MS} ms (pacing allows 1) | ${mostWithin(acceptedTelegram(), CHAT_INTERVAL_MS)} |`,
  );
  console.log(`| Telegram: sends into a 429's retry_after (must be 0) | ${sendsIntoRetryAfter()} |`);
  console.log(
    `| Mattermost: messages / most in any 1 s (pacing allows 1) | ${mattermost.requests.length} / ${mostWithin([...mattermost.arrivedAt], 1_000)} |`,
  );
  console.log(
    `| SMS: messages / most in any group interval (${GROUP_INTERVAL_S} s; allowed 1) | ${sms.requests.length} / ${mostWithin([...sms.arrivedAt], GROUP_INTERVAL_S * 1000 - 1)} |`,
  );
  const offsets = (times: readonly number[]) =>
    times.map((at) => ((at - stormStart) / 1000).toFixed(1)).join(', ');
  console.log(`| SMS arrivals, s after the storm's first fire | ${offsets(sms.arrivedAt)} |`);
  console.log(`| Telegram accepted, s after the storm's first fire | ${offsets(acceptedTelegram())} |`);
  console.log(
    `| queues drained after the last fire | ${drainMs === null ? `not within ${DRAIN_LIMIT_MS / 1000} s` : `${(drainMs / 1000).toFixed(1)} s`} (${((drainedAt - drainStart) / 1000).toFixed(1)} s waited) |`,
  );
} finally {
  if (engine) {
    const running = engine;
    await new Promise<void>((resolve) => {
      running.once('exit', () => resolve());
      running.send('stop');
    });
  }
  await sql.end();
  await server.stop();
  await botApi.close();
  await mattermost.close();
  await sms.close();
  await database.drop();
}

/** Fires `INSTANCES` new instances at the offered rate, at most `IN_FLIGHT` at once. */
async function fireAll(
  token: string,
  prefix: string,
): Promise<{ rate: number; failed: number; firedAt: Map<number, number> }> {
  // Wall clock, as the delivery log's timestamps (PostgreSQL on this machine) are.
  const firedAt = new Map<number, number>();
  let failed = 0;
  let next = 0;
  const start = performance.now();
  const lane = async () => {
    for (let n = next++; n < INSTANCES; n = next++) {
      const due = start + (n * SECONDS * 1000) / INSTANCES - performance.now();
      if (due > 0) await new Promise((resolve) => setTimeout(resolve, due));
      firedAt.set(n, Date.now());
      const response = await fetch(`${server.url}/api/v1/fire-alert`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({ alertname: 'storm', instance: `${prefix}-${n}` }),
      }).catch(() => null);
      if (response?.ok !== true) failed += 1;
      await response?.arrayBuffer();
    }
  };
  await Promise.all(Array.from({ length: IN_FLIGHT }, lane));
  return { rate: INSTANCES / ((performance.now() - start) / 1000), failed, firedAt };
}

/**
 * Milliseconds from now until no delivery work is left: no dispatch or delivery job waiting,
 * delayed or running, and no group window due. Null when that takes longer than `DRAIN_LIMIT_MS`.
 */
async function waitForDrain(): Promise<number | null> {
  const start = performance.now();
  while (performance.now() - start < DRAIN_LIMIT_MS) {
    const { rows } = await sql.query<{ jobs: string; windows: string }>(
      `select (select count(*) from pgboss.job_common
                where name in ('oncall-dispatch', 'oncall-delivery', 'oncall-delivery-chat', 'oncall-delivery-email')
                  and state in ('created', 'retry', 'active')) as jobs,
              (select count(*) from notification_groups where due_at is not null) as windows`,
    );
    if (rows[0]?.jobs === '0' && rows[0]?.windows === '0') return performance.now() - start;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return null;
}

/**
 * By instance number (`<prefix><n>`), when the first delivered message to `endpoints` that carried
 * it was recorded (ms since the epoch): its own page (an attempt without `carried`) or a group
 * message whose `carried.firing` lists it.
 */
async function firstCarried(endpoints: readonly string[], prefix: string): Promise<Map<number, number>> {
  const { rows } = await sql.query<{ instance: string; first: Date }>(
    `with delivered as (
       select created_at, alert_event_id, carried from delivery_attempts
        where outcome = 'delivered' and endpoint_id = any($1::text[])),
     carried as (
       select d.created_at, e.instance from delivered d join alert_events e on e.id::text = d.alert_event_id
        where d.carried is null
       union all
       select d.created_at, i.instance
         from delivered d, jsonb_array_elements(d.carried->'firing') as f(member)
         join alert_instances i on i.id::text = f.member->>'instanceId')
     select instance, min(created_at) as first from carried where instance like $2 group by instance`,
    [endpoints, `${prefix}%`],
  );
  return new Map(rows.map((row) => [Number(row.instance.slice(prefix.length)), row.first.getTime()]));
}

/** Arrival times of the sendMessage calls the fake accepted (all but those it refused with 429). */
function acceptedTelegram(): number[] {
  const refused = new Set(botApi.refusals().map(({ call }) => call));
  return botApi.requests.flatMap((call, i) =>
    call.method === 'sendMessage' && !refused.has(call) ? [botApi.arrivedAt[i] ?? 0] : [],
  );
}

/** sendMessage calls that came to a chat while a 429 answered there still said to wait. */
function sendsIntoRetryAfter(): number {
  const chatOf = (call: { botToken: string; payload: Readonly<Record<string, unknown>> }) =>
    `${call.botToken}:${String(call.payload.chat_id)}`;
  let ignored = 0;
  for (const refusal of botApi.refusals()) {
    const chat = chatOf(refusal.call);
    botApi.requests.forEach((call, i) => {
      const at = botApi.arrivedAt[i] ?? 0;
      if (call.method !== 'sendMessage' || chatOf(call) !== chat) return;
      if (at > refusal.at && at < refusal.at + refusal.retryAfterMs) ignored += 1;
    });
  }
  return ignored;
}

/** The most of `times` within any window of `windowMs`. */
function mostWithin(times: number[], windowMs: number): number {
  const sorted = [...times].sort((a, b) => a - b);
  let most = 0;
  let from = 0;
  for (let to = 0; to < sorted.length; to++) {
    while ((sorted[to] ?? 0) - (sorted[from] ?? 0) >= windowMs) from++;
    most = Math.max(most, to - from + 1);
  }
  return most;
}

function pct(sorted: number[], q: number): string {
  if (sorted.length === 0) return '-';
  return (sorted[Math.min(sorted.length - 1, Math.floor(q * (sorted.length - 1)))] ?? 0).toFixed(0);
}

async function seedChatEndpoints(): Promise<string[]> {
  const db = await openDatabase({ kind: 'postgres', url: database.url }, { poolMax: 1 });
  try {
    const em = db.orm.em.fork();
    const admin = await em.findOneOrFail(User, { username: 'admin' });
    const box = new SecretBox(server.encryptionKey);
    const telegram = em.create(Endpoint, {
      name: 'storm telegram',
      type: 'telegram',
      destination: { chatId: '-1001234567890' },
      sealedDestination: sealJson(box, { botToken: '123456:storm-bot' }),
      owner: admin,
    });
    const hook = em.create(Endpoint, {
      name: 'storm mattermost',
      type: 'matter-most',
      sealedDestination: sealJson(box, { value: `${mattermost.url}/hooks/storm` }),
      owner: admin,
    });
    await em.flush();
    return [telegram.id, hook.id];
  } finally {
    await db.close();
  }
}

async function startEngine(): Promise<ChildProcess> {
  const child = fork(new URL('./delivery-engine-process.ts', import.meta.url), {
    execArgv: ['--conditions=development', '--import', 'tsx'],
    env: {
      ...process.env,
      DATABASE_URL: database.url,
      ENCRYPTION_KEY_HEX: server.encryptionKey.toString('hex'),
      BENCH_JWT_SECRET: server.jwtSecret,
      BENCH_TELEGRAM_API_BASE: botApi.url,
      DELIVERY_BENCH_TUNING: process.env.DELIVERY_BENCH_TUNING ?? '{}',
    },
  });
  await new Promise<void>((resolve, reject) => {
    child.once('message', () => resolve());
    child.once('exit', (code) => reject(new Error(`the engine process exited (${code})`)));
  });
  return child;
}
