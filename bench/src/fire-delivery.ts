/**
 * Fire → first delivery. `fire-alert` calls at a steady rate, each a new instance of a rule with
 * `groupInterval: 0` (every instance pages on its own), each timed from the moment its request is
 * sent to the moment a local fake received its page. The fakes run in this process, so both instants
 * are read from one clock; the server (with its embedded engine) runs in its own process, as users
 * run it. Two channels, chosen with FIRE_BENCH_CHANNEL (`sms`, `mattermost` or `both`, the default):
 *
 * - `sms`: the rule pages one SMS endpoint through a fake providerOne (the page lane, sent by the
 *   committing process at once);
 * - `mattermost`: fire i pages Mattermost endpoint i mod FIRE_BENCH_CHAT_ENDPOINTS (default 200, one
 *   rule each), whose webhook URLs are paths of one fake webhook receiver (the chat lane: a job of
 *   the endpoint owner's lane, claimed by the claim pump). The plugin paces one post a second per
 *   webhook, so with fewer endpoints than the rate a second the pacing is what is timed;
 *   FIRE_BENCH_CHAT_ENDPOINTS=1 is one endpoint taking every instance, at one post a second.
 *
 * Each channel has its same-run baseline, driven at the same rate and timed the same way, request →
 * POST received: bare Fastify + one INSERT + one local POST to the same fake (for Mattermost a JSON
 * `{text}` to a webhook path of the same receiver). After each run every fire's page is counted at
 * the fake: received once, lost or repeated.
 * Usage: npm run bench:fire-delivery -w @oncall/bench  (FIRE_BENCH_RATE per second, default 100;
 * FIRE_BENCH_SECONDS, default 15; FIRE_BENCH_CHANNEL; FIRE_BENCH_CHAT_ENDPOINTS;
 * FIRE_BENCH_WORKERS=separate runs the server with ENGINE_WORKERS=false and a second server
 * process, same database and keys, that delivers)
 */
import { randomBytes } from 'node:crypto';
import { cpus, loadavg } from 'node:os';
import { type RecordingHttpServer, startFakeProviderOne, startFakeWebhookReceiver } from '@oncall/fakes';
import { tallyMarked, timeArrivals } from './arrival-times';
import { type BaselineProcess, startBaselineProcess } from './baseline-process';
import { createBenchDatabase } from './bench-database';
import { latencyResult, paced, printLatencies } from './latency';
import { startServerProcess } from './server-process';
import { createApiRule, loginAdmin, seedMattermostEndpoints, seedSmsEndpoint } from './service-fixtures';

const RATE = Number(process.env.FIRE_BENCH_RATE ?? 100);
const SECONDS = Number(process.env.FIRE_BENCH_SECONDS ?? 15);
const CHANNEL = process.env.FIRE_BENCH_CHANNEL ?? 'both';
const CHAT_ENDPOINTS = Number(process.env.FIRE_BENCH_CHAT_ENDPOINTS ?? 200);
const WARM_UP = 50;
/** Longer than any channel's pacing window (Mattermost's one post a second per webhook). */
const PACING_CLEAR_MS = 1_500;
/** How long to keep listening after the last page for one sent twice. */
const REPEAT_WAIT_MS = 3_000;
if (!['sms', 'mattermost', 'both'].includes(CHANNEL)) {
  throw new Error(`FIRE_BENCH_CHANNEL is sms, mattermost or both, not ${CHANNEL}`);
}

/** One channel measured: where its pages arrive, how to read a page's text, what to fire. */
interface Lane<Recorded> {
  readonly name: string;
  /** What a delivered page is, for the table: "SMS at the fake provider". */
  readonly page: string;
  readonly receiver: RecordingHttpServer<Recorded>;
  readonly textOf: (request: Recorded) => string;
  readonly baseline: BaselineProcess;
  /** The ingestion tokens of the rules fired, fire i to rule i mod their count. */
  readonly tokens: readonly string[];
  readonly note: string;
}

const database = await createBenchDatabase();
const provider = await startFakeProviderOne();
const webhooks = await startFakeWebhookReceiver();
const separateWorkers = process.env.FIRE_BENCH_WORKERS === 'separate';
const server = await startServerProcess(database.url, 3995, {
  INGEST_MAX_PER_TOKEN_PER_MINUTE: '1000000000',
  ALLOW_PRIVATE_WEBHOOK_TARGETS: 'true',
  ENGINE_WORKERS: separateWorkers ? 'false' : 'true',
});
const workers = separateWorkers
  ? await startServerProcess(database.url, 3985, {
      ALLOW_PRIVATE_WEBHOOK_TARGETS: 'true',
      ENCRYPTION_KEY: server.encryptionKey.toString('base64'),
      JWT_SECRET: server.jwtSecret,
    })
  : undefined;
const baselines: BaselineProcess[] = [];
const run = randomBytes(3).toString('hex');
try {
  const accessToken = await loginAdmin(server);
  console.log(
    `\nmachine: ${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, Node ${process.version}, PostgreSQL on 127.0.0.1`,
  );
  console.log(
    `${RATE * SECONDS} fires at ${RATE}/s for ${SECONDS} s per run, each a new instance, groupInterval 0` +
      `${separateWorkers ? '; engine workers in a second server process (ENGINE_WORKERS=false here)' : ''}`,
  );
  if (CHANNEL !== 'mattermost') {
    const baseline = await startBaselineProcess(database.url, 3994, provider.url);
    baselines.push(baseline);
    const endpointId = await seedSmsEndpoint(server, database.url, provider.url);
    const rule = await createApiRule(server, accessToken, 'bench paging', [endpointId]);
    await measure({
      name: 'sms',
      page: 'SMS at the fake provider',
      receiver: provider,
      textOf: (request) => request.query.message ?? '',
      baseline,
      tokens: [rule.token],
      note: 'one SMS endpoint',
    });
  }
  if (CHANNEL !== 'sms') {
    const baseline = await startBaselineProcess(
      database.url,
      3983,
      `${webhooks.url}/hooks/baseline`,
      'webhook',
    );
    baselines.push(baseline);
    const endpointIds = await seedMattermostEndpoints(
      server,
      database.url,
      Array.from({ length: CHAT_ENDPOINTS }, (_, i) => `${webhooks.url}/hooks/${i}`),
    );
    const tokens: string[] = [];
    for (const [i, endpointId] of endpointIds.entries()) {
      tokens.push((await createApiRule(server, accessToken, `bench chat ${i}`, [endpointId])).token);
    }
    await measure({
      name: 'mattermost',
      page: 'post at the fake Mattermost webhook',
      receiver: webhooks,
      textOf: (request) => request.body,
      baseline,
      tokens,
      note: `${CHAT_ENDPOINTS} Mattermost endpoint${CHAT_ENDPOINTS === 1 ? '' : 's'} (one rule each, fire i to endpoint i mod ${CHAT_ENDPOINTS}; ${(RATE / CHAT_ENDPOINTS).toFixed(2)} posts a second per webhook)`,
    });
  }
} finally {
  for (const baseline of baselines) await baseline.stop();
  await server.stop();
  await workers?.stop();
  await provider.close();
  await webhooks.close();
  await database.drop();
}

/** Warm-up, the baseline's run, the service's run; prints the latencies and what was received. */
async function measure<Recorded>(lane: Lane<Recorded>): Promise<void> {
  const { receiver, textOf, baseline, tokens } = lane;
  const post = (url: string, body: object, token?: string) =>
    fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
    });
  const prefix = `fd-${lane.name}-${run}`;
  // The page's text carries the instance (the rule name and instance are its title).
  const marker = new RegExp(`${prefix}-(\\d+)`);
  const fire = async (n: number) => {
    const token = tokens[((n % tokens.length) + tokens.length) % tokens.length] ?? '';
    const response = await post(
      `${server.url}/api/v1/fire-alert`,
      { alertname: 'bench', instance: `${prefix}-${n}`, description: 'benchmark alert' },
      token,
    );
    // A 503 is the service shedding load (its database did not take the alert in time) and asking
    // the sender to retry: counted, not timed, and not a page owed.
    if (response.status === 503) {
      await response.arrayBuffer();
      return false;
    }
    if (!response.ok) throw new Error(`fire ${n} failed: ${response.status} ${await response.text()}`);
    await response.arrayBuffer();
    return true;
  };

  // Warm-up: the first fires pay for compiling code paths and opening connections, and a rule's
  // first fire also turns the rule's own state to firing (the full transaction, once per rule):
  // every rule is fired once, so the timed run measures new instances of firing rules as the SMS
  // case's one rule does. One fire per rule, then a pause, so no paced webhook is still busy with
  // them when the run starts.
  const warmUp = tokens.length === 1 ? WARM_UP : tokens.length;
  const warmFrom = receiver.requests.length;
  await Promise.all(Array.from({ length: warmUp }, (_, i) => fire(-1 - i)));
  await receiver.waitForRequests(warmFrom + warmUp);
  await new Promise((resolve) => setTimeout(resolve, PACING_CLEAR_MS));

  const total = RATE * SECONDS;
  const loadBefore = loadavg()[0] ?? 0;
  const baselineSentAt = new Map<number, number>();
  const baselineCpu = baseline.cpuMs();
  const baselineStart = performance.now();
  const baselineArrivals = timeArrivals(
    receiver,
    receiver.requests.length,
    total,
    new RegExp(`base-${run}-(\\d+)`),
    textOf,
  );
  await paced(RATE, SECONDS, async (i) => {
    baselineSentAt.set(i, performance.now());
    const response = await post(baseline.url, { alertname: 'bench', instance: `base-${run}-${i}` });
    await response.arrayBuffer();
  });
  const baselineTimes = [...(await baselineArrivals)].map(([n, at]) => at - (baselineSentAt.get(n) ?? at));
  const baselineLoad = (baseline.cpuMs() - baselineCpu) / (performance.now() - baselineStart);
  const serverCpu = server.cpuMs();
  const serverStart = performance.now();
  const sentAt = new Map<number, number>();
  const answerTimes: number[] = [];
  let refused = 0;
  const from = receiver.requests.length;
  const arrivals = timeArrivals(receiver, from, total, marker, textOf);
  await paced(RATE, SECONDS, async (i) => {
    const sent = performance.now();
    sentAt.set(i, sent);
    if (await fire(i)) answerTimes.push(performance.now() - sent);
    else refused += 1;
  });
  const arrivedAt = await arrivals;
  const serverLoad = (server.cpuMs() - serverCpu) / (performance.now() - serverStart);
  const deliveryTimes = [...arrivedAt].map(([n, at]) => at - (sentAt.get(n) ?? at));
  await new Promise((resolve) => setTimeout(resolve, REPEAT_WAIT_MS));
  const received = tallyMarked(receiver, from, marker, textOf);
  const loadAfter = loadavg()[0] ?? 0;

  console.log(`\n### ${lane.name}: ${lane.note}\n`);
  printLatencies(
    [
      latencyResult('fire-alert request → answer', answerTimes, total - refused),
      latencyResult(`fire-alert request → ${lane.page}`, deliveryTimes, total - refused),
    ],
    latencyResult(
      'baseline: bare Fastify + one INSERT + one local POST, request → POST received',
      baselineTimes,
      total,
    ),
  );
  // At a steady rate the server's background loops (queue polling, maintenance) are part of it.
  const percent = (share: number) => `${Math.round(share * 100)} %`;
  console.log(
    `\nreceived: ${received.distinct} of ${total - refused} fires taken paged (${refused} refused with 503), ` +
      `${total - refused - received.distinct} lost, ` +
      `${received.repeated} sent more than once; load average ${loadBefore.toFixed(1)} → ${loadAfter.toFixed(1)}`,
  );
  console.log(
    `server process CPU while firing (pages delivered included): ${percent(serverLoad)} of one core; ` +
      `baseline process while driven at the same rate: ${percent(baselineLoad)} ` +
      `(${(serverLoad / baselineLoad).toFixed(1)}×)`,
  );
}
