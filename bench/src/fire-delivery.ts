/**
 * Fire → first delivery. `fire-alert` calls at a steady rate, each a new instance of a rule paging
 * one SMS endpoint, each timed from the moment its request is sent to the moment a local fake
 * providerOne receives its SMS. The fake runs in this process, so both instants are read from one
 * clock; the server (with its embedded engine) runs in its own process, as users run it. The
 * baseline (bare Fastify + one INSERT + one local POST to the same fake) is driven at the same rate
 * and timed the same way, request → POST received.
 * Usage: npm run bench:fire-delivery -w @oncall/bench  (FIRE_BENCH_RATE per second, default 100;
 * FIRE_BENCH_SECONDS, default 15; FIRE_BENCH_WORKERS=separate runs the server with ENGINE_WORKERS=false
 * and a second server process, same database and keys, that delivers)
 */
import { randomBytes } from 'node:crypto';
import { cpus } from 'node:os';
import { startFakeProviderOne } from '@oncall/fakes';
import { timeArrivals } from './arrival-times';
import { startBaselineProcess } from './baseline-process';
import { createBenchDatabase } from './bench-database';
import { latencyResult, paced, printLatencies } from './latency';
import { startServerProcess } from './server-process';
import { createApiRule, loginAdmin, seedSmsEndpoint } from './service-fixtures';

const RATE = Number(process.env.FIRE_BENCH_RATE ?? 100);
const SECONDS = Number(process.env.FIRE_BENCH_SECONDS ?? 15);
const WARM_UP = 50;

const database = await createBenchDatabase();
const provider = await startFakeProviderOne();
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
const baseline = await startBaselineProcess(database.url, 3994, provider.url);
try {
  const accessToken = await loginAdmin(server);
  const endpointId = await seedSmsEndpoint(server, database.url, provider.url);
  const rule = await createApiRule(server, accessToken, 'bench paging', [endpointId]);
  const run = randomBytes(3).toString('hex');
  // The SMS text carries the instance (the rule name and instance are its title).
  const marker = new RegExp(`fd-${run}-(\\d+)`);
  const post = (url: string, body: object, token?: string) =>
    fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
    });
  const fire = async (n: number) => {
    const response = await post(
      `${server.url}/api/v1/fire-alert`,
      { alertname: 'bench', instance: `fd-${run}-${n}`, description: 'benchmark alert' },
      rule.token,
    );
    if (!response.ok) throw new Error(`fire ${n} failed: ${response.status} ${await response.text()}`);
    await response.arrayBuffer();
  };

  // Warm-up: the first fires pay for compiling code paths and opening connections.
  await Promise.all(Array.from({ length: WARM_UP }, (_, i) => fire(-1 - i)));
  await provider.waitForRequests(WARM_UP);

  const total = RATE * SECONDS;
  const baselineSentAt = new Map<number, number>();
  const baselineCpu = baseline.cpuMs();
  const baselineStart = performance.now();
  const baselineArrivals = timeArrivals(
    provider,
    provider.requests.length,
    total,
    new RegExp(`base-${run}-(\\d+)`),
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
  const arrivals = timeArrivals(provider, provider.requests.length, total, marker);
  await paced(RATE, SECONDS, async (i) => {
    const sent = performance.now();
    sentAt.set(i, sent);
    await fire(i);
    answerTimes.push(performance.now() - sent);
  });
  const arrivedAt = await arrivals;
  const serverLoad = (server.cpuMs() - serverCpu) / (performance.now() - serverStart);
  const deliveryTimes = [...arrivedAt].map(([n, at]) => at - (sentAt.get(n) ?? at));

  console.log(
    `\nmachine: ${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, Node ${process.version}, PostgreSQL on 127.0.0.1`,
  );
  console.log(
    `${total} fires at ${RATE}/s for ${SECONDS} s, each a new instance` +
      `${separateWorkers ? '; engine workers in a second server process (ENGINE_WORKERS=false here)' : ''}\n`,
  );
  printLatencies(
    [
      latencyResult('fire-alert request → answer', answerTimes, total),
      latencyResult('fire-alert request → SMS at the fake provider', deliveryTimes, total),
    ],
    latencyResult(
      `baseline: bare Fastify + one INSERT + one local POST, request → POST received`,
      baselineTimes,
      total,
    ),
  );
  // At a steady 100/s the server's background loops (queue polling, maintenance) are part of it.
  const percent = (share: number) => `${Math.round(share * 100)} %`;
  console.log(
    `\nserver process CPU while firing (pages delivered included): ${percent(serverLoad)} of one core; ` +
      `baseline process while driven at the same rate: ${percent(baselineLoad)} ` +
      `(${(serverLoad / baselineLoad).toFixed(1)}×)`,
  );
} finally {
  await baseline.stop();
  await server.stop();
  await workers?.stop();
  await provider.close();
  await database.drop();
}
