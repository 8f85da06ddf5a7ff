/**
 * Step-2 benchmark: notifications queued → delivered to a local fake providerOne by the embedded
 * engine (pg-boss) on real PostgreSQL. Two runs:
 * - throughput: N notifications queued while no worker runs, then drained; deliveries per second;
 * - latency: notifications queued at a steady rate by committed transactions, each timed from its
 *   commit to the fake provider receiving its send.
 * The engine's workers run in their own process (`delivery-engine-process.ts`), as in a server; this
 * process queues, runs the fake provider and times.
 * Usage: npm run bench:delivery  (DELIVERY_BENCH_COUNT, DELIVERY_BENCH_RATE, DELIVERY_BENCH_SECONDS,
 * DELIVERY_BENCH_BATCH, DELIVERY_BENCH_WORKERS, DELIVERY_BENCH_POOL)
 */
import { type ChildProcess, fork } from 'node:child_process';
import { cpus } from 'node:os';
import { loadPluginRegistry } from '@oncall/built-ins';
import { createDeliveryStore, SecretBox } from '@oncall/core';
import { Endpoint, ProviderConfig, sealJson, User } from '@oncall/core/persistence';
import { migrate, openDatabase } from '@oncall/db';
import {
  createEmbeddedEngine,
  createEngineAdapters,
  DEFAULT_QUEUE_TUNING,
  type Engine,
  type EngineAdapters,
  type QueueTuning,
} from '@oncall/engine';
import { fixedAlertMessages } from '@oncall/engine/testing';
import { startFakeProviderOne } from '@oncall/fakes';
import { createOnCallPeople } from '@oncall/schedules';
import { uuidv7 } from 'uuidv7';
import { createBenchDatabase } from './bench-database';

const COUNT = Number(process.env.DELIVERY_BENCH_COUNT ?? 10_000);
const RATE = Number(process.env.DELIVERY_BENCH_RATE ?? 100);
const SECONDS = Number(process.env.DELIVERY_BENCH_SECONDS ?? 15);
const ENDPOINTS = 50;
const BATCH = 200;
// The engine's defaults unless overridden: DELIVERY_BENCH_BATCH (batchSize), DELIVERY_BENCH_WORKERS (localConcurrency).
const TUNING: Partial<QueueTuning> = {
  ...(process.env.DELIVERY_BENCH_BATCH ? { batchSize: Number(process.env.DELIVERY_BENCH_BATCH) } : {}),
  ...(process.env.DELIVERY_BENCH_WORKERS
    ? { localConcurrency: Number(process.env.DELIVERY_BENCH_WORKERS) }
    : {}),
};

const database = await createBenchDatabase();
const db = await openDatabase(
  { kind: 'postgres', url: database.url },
  { poolMax: Number(process.env.DELIVERY_BENCH_POOL ?? 12) },
);
const provider = await startFakeProviderOne();
const encryptionKey = Buffer.alloc(32, 1);
let queuer: Engine | undefined;
let adapters: EngineAdapters | undefined;
let workers: WorkerProcess | undefined;
try {
  await migrate(db.orm);
  const box = new SecretBox(encryptionKey);
  const endpoints = await seed(box);
  const plugins = await loadPluginRegistry();
  const built = createEngineAdapters({
    ...createDeliveryStore(db.orm, { box, alertMessages: fixedAlertMessages(), plugins }),
    plugins,
    people: createOnCallPeople(db.orm),
    allowPrivateTargets: true,
  });
  adapters = built;
  // Queues only: the workers are the child process's.
  const queueOnly = createEmbeddedEngine({ db, ...built, tuning: TUNING, runWorkers: false });
  queuer = queueOnly;
  await queueOnly.start();

  // Throughput: queue everything first, then time the drain.
  for (let queued = 0; queued < COUNT; queued += BATCH) {
    await db.orm.em.fork().transactional(async (tx) => {
      for (let i = queued; i < Math.min(COUNT, queued + BATCH); i++) {
        await queueOnly.orchestrator.notify(tx, { alertEventId: uuidv7(), endpointId: pick(endpoints, i) });
      }
    });
  }
  // Timed from the first send to the last, so the child's start-up is not counted.
  workers = startWorkers(database.url);
  await provider.waitForRequests(1);
  const drainStart = performance.now();
  await provider.waitForRequests(COUNT);
  const drainSeconds = (performance.now() - drainStart) / 1000;
  await workers.ready;

  // Latency: a steady rate of committed notifications, each timed from commit to the provider.
  const committedAt = new Map<string, number>();
  const before = provider.requests.length;
  const total = RATE * SECONDS;
  const arrivals = timeArrivals(before, total);
  const paceStart = performance.now();
  const commits: Promise<void>[] = [];
  for (let i = 0; i < total; i++) {
    const wait = paceStart + (i * 1000) / RATE - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    const alertEventId = uuidv7();
    commits.push(
      db.orm.em
        .fork()
        .transactional((tx) =>
          queueOnly.orchestrator.notify(tx, { alertEventId, endpointId: pick(endpoints, i) }),
        )
        .then(() => {
          committedAt.set(alertEventId, performance.now());
        }),
    );
  }
  await Promise.all(commits);
  const arrivedAt = await arrivals;
  const latencies = [...arrivedAt].map(([id, at]) => at - (committedAt.get(id) ?? at));
  latencies.sort((a, b) => a - b);
  console.log(
    `\nmachine: ${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, Node ${process.version}, PostgreSQL on 127.0.0.1`,
  );
  console.log(`tuning: ${JSON.stringify({ ...DEFAULT_QUEUE_TUNING, ...TUNING })}\n`);
  console.log('| run | notifications | duration | deliveries/s | p50 ms | p99 ms | max ms |');
  console.log('|---|---:|---:|---:|---:|---:|---:|');
  console.log(
    `| drain a queued backlog | ${COUNT} | ${drainSeconds.toFixed(1)} s | ${Math.round((COUNT - 1) / drainSeconds)} | | | |`,
  );
  console.log(
    `| steady ${RATE}/s, commit → provider | ${latencies.length} | ${SECONDS} s | ${RATE} | ${percentile(latencies, 0.5)} | ${percentile(latencies, 0.99)} | ${percentile(latencies, 1)} |`,
  );
} finally {
  if (workers) await stopWorkers(workers);
  await queuer?.stop();
  await adapters?.close();
  await provider.close();
  await db.close();
  await database.drop();
}

async function seed(box: SecretBox): Promise<string[]> {
  const em = db.orm.em.fork();
  const owner = em.create(User, { username: 'bench', name: 'bench', role: 'member', passwordHash: 'x' });
  em.create(ProviderConfig, {
    kind: 'sms',
    name: 'bench sms',
    provider: 'providerOne',
    settings: { senderNumber: '1000', baseUrl: provider.url },
    sealedSecrets: sealJson(box, { apiToken: 'bench-token' }),
    isDefault: true,
  });
  const created = Array.from({ length: ENDPOINTS }, (_, i) =>
    em.create(Endpoint, {
      name: `sms ${i}`,
      type: 'sms',
      destination: { value: `0912${String(i).padStart(7, '0')}` },
      owner,
    }),
  );
  await em.flush();
  return created.map((endpoint) => endpoint.id);
}

interface WorkerProcess {
  readonly child: ChildProcess;
  /** Settles when the engine has started in the child. */
  readonly ready: Promise<void>;
}

function startWorkers(databaseUrl: string): WorkerProcess {
  const child = fork(new URL('./delivery-engine-process.ts', import.meta.url), {
    // DELIVERY_BENCH_PROFILE=<dir> writes a CPU profile of the engine process there.
    execArgv: [
      '--conditions=development',
      '--import',
      'tsx',
      ...(process.env.DELIVERY_BENCH_PROFILE
        ? ['--cpu-prof', `--cpu-prof-dir=${process.env.DELIVERY_BENCH_PROFILE}`]
        : []),
    ],
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      ENCRYPTION_KEY_HEX: encryptionKey.toString('hex'),
      DELIVERY_BENCH_TUNING: JSON.stringify(TUNING),
    },
  });
  const ready = new Promise<void>((resolve, reject) => {
    child.once('message', () => resolve());
    child.once('exit', (code) => reject(new Error(`the engine process exited with ${code}`)));
  });
  return { child, ready };
}

function stopWorkers({ child }: WorkerProcess): Promise<void> {
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.send('stop');
  });
}

function pick(endpoints: string[], i: number): string {
  return endpoints[i % endpoints.length] ?? '';
}

/** When each of the next `count` sends reached the fake provider, by alert event id. */
async function timeArrivals(from: number, count: number): Promise<Map<string, number>> {
  const arrivedAt = new Map<string, number>();
  for (let seen = from; seen < from + count; seen++) {
    // Resolves in the tick the request arrives, so the timestamp is the arrival's.
    await provider.waitForRequests(seen + 1);
    const id = /Alert event (\S+)/.exec(provider.requests[seen]?.query.message ?? '')?.[1] ?? '';
    arrivedAt.set(id, performance.now());
  }
  return arrivedAt;
}

function percentile(sorted: number[], p: number): string {
  if (sorted.length === 0) return '-';
  const index = Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1);
  return (sorted[Math.max(0, index)] ?? 0).toFixed(1);
}
