/**
 * One owner's chat lane against a fast vendor (issue #31 item 3): notifications of one rule to the
 * Mattermost webhooks of one endpoint owner, queued while no worker runs, then drained by the
 * embedded engine's workers in their own process (`delivery-engine-process.ts`) to a fake webhook
 * receiver on loopback that answers at once. The webhooks are many, so their pacing (one a second
 * each) is not what bounds the drain: the lane is. Prints deliveries per second.
 * CHAT_BENCH_CHANNEL=email drains the email lane instead: email endpoints of the same owner, sent
 * through the default SMTP config to a fake SMTP server on loopback (`@oncall/fakes`, plain text).
 * Every endpoint shares that one server, so its pacing (ten messages a second per SMTP server, the
 * channel's declaration) bounds the drain; the engine's CPU per message says what the lane would
 * drain without it.
 * Usage: npm run bench:chat-lane  (CHAT_BENCH_CHANNEL mattermost or email, CHAT_BENCH_COUNT 5,000
 * (email: 300), CHAT_BENCH_ENDPOINTS 1,000 (email: 100), DELIVERY_BENCH_POOL 12,
 * DELIVERY_BENCH_PROFILE=<dir> for a CPU profile of the engine process)
 */
import { type ChildProcess, fork } from 'node:child_process';
import { cpus, loadavg } from 'node:os';
import { loadPluginRegistry } from '@oncall/built-ins';
import { createDeliveryStore, SecretBox } from '@oncall/core';
import { AlertEvent, AlertRule, Endpoint, ProviderConfig, sealJson, User } from '@oncall/core/persistence';
import { migrate, openDatabase } from '@oncall/db';
import { createEmbeddedEngine, createEngineAdapters, DEFAULT_QUEUE_TUNING } from '@oncall/engine';
import { fixedAlertMessages } from '@oncall/engine/testing';
import { startFakeSmtpServer, startFakeWebhookReceiver } from '@oncall/fakes';
import { createOnCallPeople } from '@oncall/schedules';
import { uuidv7 } from 'uuidv7';
import { createBenchDatabase } from './bench-database';

const CHANNEL = process.env.CHAT_BENCH_CHANNEL ?? 'mattermost';
if (CHANNEL !== 'mattermost' && CHANNEL !== 'email') {
  throw new Error(`CHAT_BENCH_CHANNEL is mattermost or email, not ${CHANNEL}`);
}
const EMAIL = CHANNEL === 'email';
const COUNT = Number(process.env.CHAT_BENCH_COUNT ?? (EMAIL ? 300 : 5_000));
const ENDPOINTS = Number(process.env.CHAT_BENCH_ENDPOINTS ?? (EMAIL ? 100 : 1_000));
const BATCH = 200;

/** The fake vendor the lane sends to, as the benchmark reads it. */
interface Vendor {
  received(): number;
  waitFor(count: number): Promise<void>;
  /** The texts received, each naming its alert event (`fixedAlertMessages`). */
  texts(): string[];
  /** An endpoint's stored value: its webhook URL, its email address. */
  endpointValue(i: number): string;
  /** Where the default email config sends (the email lane only). */
  readonly smtp?: { readonly host: string; readonly port: number };
  close(): Promise<void>;
}

const database = await createBenchDatabase();
const db = await openDatabase(
  { kind: 'postgres', url: database.url },
  { poolMax: Number(process.env.DELIVERY_BENCH_POOL ?? 12) },
);
const vendor = EMAIL ? await startEmailVendor() : await startWebhookVendor();
const encryptionKey = Buffer.alloc(32, 1);
let child: ChildProcess | undefined;
try {
  await migrate(db.orm);
  const box = new SecretBox(encryptionKey);
  const { endpoints, events } = await seed(box);
  const plugins = await loadPluginRegistry();
  const adapters = createEngineAdapters({
    ...createDeliveryStore(db.orm, { box, alertMessages: fixedAlertMessages(), plugins }),
    plugins,
    allowPrivateTargets: true,
    people: createOnCallPeople(db.orm),
  });
  const queuer = createEmbeddedEngine({ db, ...adapters, runWorkers: false });
  await queuer.start();
  for (let queued = 0; queued < COUNT; queued += BATCH) {
    await db.orm.em.fork().transactional(async (tx) => {
      for (let i = queued; i < Math.min(COUNT, queued + BATCH); i++) {
        const endpointId = endpoints[i % endpoints.length] ?? '';
        await queuer.orchestrator.notify(tx, { alertEventId: events[i] ?? '', endpointId });
      }
    });
  }
  child = fork(new URL('./delivery-engine-process.ts', import.meta.url), {
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
      DATABASE_URL: database.url,
      ENCRYPTION_KEY_HEX: encryptionKey.toString('hex'),
      DELIVERY_BENCH_TUNING: process.env.DELIVERY_BENCH_TUNING ?? '{}',
    },
  });
  // Progress on stderr, so a slow drain shows it is moving.
  const progress = setInterval(() => console.error(`received ${vendor.received()}`), 2_000);
  progress.unref();
  // Timed from the first send to the last, so the child's start-up is not counted.
  await vendor.waitFor(1);
  const start = performance.now();
  const cpuBefore = await cpuOf(child);
  const loadBefore = loadavg()[0] ?? 0;
  await vendor.waitFor(COUNT);
  const seconds = (performance.now() - start) / 1000;
  const cpuMs = (await cpuOf(child)) - cpuBefore;
  const load = Math.max(loadBefore, loadavg()[0] ?? 0);
  clearInterval(progress);
  const distinct = new Set(vendor.texts().map((text) => /Alert event (\S+)/.exec(text)?.[1]));
  console.log(
    `\nmachine: ${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, Node ${process.version}, PostgreSQL on 127.0.0.1`,
  );
  console.log(`tuning: ${JSON.stringify(DEFAULT_QUEUE_TUNING)}\n`);
  // The engine process's CPU per delivery bounds what a free core could drain, whatever the load:
  // 1000 / (ms per delivery) deliveries a second, PostgreSQL's share apart.
  const cpuPerDelivery = cpuMs / (COUNT - 1);
  console.log(
    '| run | notifications | endpoints (one owner, one rule) | duration | deliveries/s | engine CPU per delivery | one core would drain | load average | distinct received |',
  );
  console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|');
  console.log(
    `| drain one owner's ${EMAIL ? 'email lane (one SMTP server)' : 'chat lane'} | ${COUNT} | ${ENDPOINTS} | ${seconds.toFixed(1)} s | ${Math.round((COUNT - 1) / seconds)} | ${cpuPerDelivery.toFixed(2)} ms | ${Math.round(1000 / cpuPerDelivery)}/s | ${load.toFixed(1)} | ${distinct.size} |`,
  );
  await queuer.stop();
  await adapters.close();
} finally {
  if (child) {
    const running = child;
    await new Promise<void>((resolve) => {
      running.once('exit', () => resolve());
      running.send('stop');
    });
  }
  await vendor.close();
  await db.close();
  await database.drop();
}

/** The engine process's CPU so far, in milliseconds (`delivery-engine-process.ts` answers `cpu`). */
function cpuOf(process: ChildProcess): Promise<number> {
  return new Promise((resolve) => {
    const answer = (message: unknown) => {
      if (typeof message !== 'object' || message === null || !('cpuMs' in message)) return;
      process.off('message', answer);
      resolve(Number(message.cpuMs));
    };
    process.on('message', answer);
    process.send('cpu');
  });
}

async function seed(box: SecretBox): Promise<{ endpoints: string[]; events: string[] }> {
  const em = db.orm.em.fork();
  const owner = em.create(User, { username: 'bench', name: 'bench', role: 'member', passwordHash: 'x' });
  const rule = em.create(AlertRule, {
    name: 'storm',
    type: 'api',
    owner,
    settings: {},
    // Each event its own message: the lane's own throughput, not grouping's.
    groupIntervalSeconds: 0,
  });
  const endpoints = Array.from({ length: ENDPOINTS }, (_, i) =>
    em.create(Endpoint, {
      name: `${CHANNEL} ${i}`,
      type: EMAIL ? 'email' : 'matter-most',
      // The webhook URL is the credential and stays sealed; an email address is plain.
      ...(EMAIL
        ? { destination: { value: vendor.endpointValue(i) } }
        : { sealedDestination: sealJson(box, { value: vendor.endpointValue(i) }) }),
      owner,
    }),
  );
  const { smtp } = vendor;
  if (smtp !== undefined) {
    em.create(ProviderConfig, {
      kind: 'email',
      provider: 'smtp',
      name: 'bench smtp',
      settings: {
        host: smtp.host,
        port: String(smtp.port),
        fromAddress: 'oncall@example.com',
        tls: 'none',
      },
      sealedSecrets: sealJson(new SecretBox(encryptionKey), {}),
      isDefault: true,
    });
  }
  await em.flush();
  const events: string[] = [];
  for (let made = 0; made < COUNT; made += 1_000) {
    const batch = db.orm.em.fork();
    for (let i = made; i < Math.min(COUNT, made + 1_000); i++) {
      const id = uuidv7();
      batch.create(AlertEvent, {
        id,
        rule: rule.id,
        kind: 'fired',
        state: 'critical',
        ruleState: 'critical',
        alertname: 'storm',
        instance: `pod-${i}`,
        episodeId: id,
      });
      events.push(id);
    }
    await batch.flush();
  }
  return { endpoints: endpoints.map((endpoint) => endpoint.id), events };
}

async function startWebhookVendor(): Promise<Vendor> {
  const receiver = await startFakeWebhookReceiver();
  return {
    received: () => receiver.requests.length,
    waitFor: (count) => receiver.waitForRequests(count),
    texts: () => receiver.requests.map((request) => request.body),
    endpointValue: (i) => `${receiver.url}/hooks/${i}`,
    close: () => receiver.close(),
  };
}

/** The email lane's vendor: one SMTP server every endpoint's mail goes through. */
async function startEmailVendor(): Promise<Vendor> {
  const server = await startFakeSmtpServer();
  return {
    received: () => server.messages.length,
    waitFor: (count) => server.waitForMessages(count),
    texts: () => server.messages.map((message) => message.text),
    endpointValue: (i) => `oncall-${i}@example.com`,
    smtp: { host: server.host, port: server.port },
    close: () => server.close(),
  };
}
