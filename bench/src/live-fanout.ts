/**
 * Live subscription fan-out: 200 SSE clients of `live.events` (tRPC's `httpSubscriptionLink`
 * protocol, over the `eventsource` package) on the real server in its own process, while 1,000
 * alert state changes a second are committed to `alert_events` (10 rows every 10 ms, straight into
 * the database, so the figure is the feed's and not the ingestion route's). Lag is the time from a
 * batch's commit to its arrival at a client, over every client and event.
 * Usage: npm run bench:live -w @oncall/bench  (BENCH_SECONDS, default 10; BENCH_CLIENTS, default 200;
 *   BENCH_RATE changes per second, default 1000)
 */
import { randomUUID } from 'node:crypto';
import { type ClientRequest, request } from 'node:http';
import pg from 'pg';
import { createBenchDatabase } from './bench-database';
import { latencyResult } from './latency';
import { startServerProcess } from './server-process';
import { createApiRule, loginAdmin } from './service-fixtures';

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const clients = Number(process.env.BENCH_CLIENTS ?? 200);
const rate = Number(process.env.BENCH_RATE ?? 1000);
const TICK_MS = 10;
const perTick = Math.max(1, Math.round((rate * TICK_MS) / 1000));
const RULES = 20;
/** Clients whose every event is timed. */
const SAMPLED = 10;

const database = await createBenchDatabase();
const server = await startServerProcess(database.url, 3989);
const db = new pg.Client({ connectionString: database.url });
await db.connect();
const streams: ClientRequest[] = [];
try {
  const accessToken = await loginAdmin(server);
  const rules: string[] = [];
  for (let i = 0; i < RULES; i++) rules.push((await createApiRule(server, accessToken, `live ${i}`)).id);

  /** Commit time of each event id (the row's uuid), in this process's clock. */
  const committedAt = new Map<string, number>();
  const lags: number[] = [];
  let received = 0;
  /** Arrived before this process saw its insert return (its load delayed the answer): not timed. */
  let untimed = 0;
  let connected = 0;
  const url = `${server.url}/trpc/live.events?input=${encodeURIComponent(JSON.stringify({}))}`;
  for (let i = 0; i < clients; i++) {
    // Every client reads its whole stream; a sample also parses it, the lag's witnesses. Parsing
    // all 200 streams in this one process would measure the load generator, not the server.
    const sampled = i % Math.max(1, Math.floor(clients / SAMPLED)) === 0;
    streams.push(
      openStream(url, accessToken, {
        onOpen: () => {
          connected += 1;
        },
        onMessage: sampled
          ? (data) => {
              const now = performance.now();
              const { events } = JSON.parse(data) as { events: { id: string }[] };
              for (const event of events) {
                const at = committedAt.get(event.id.slice(-36));
                received += 1;
                if (at !== undefined) lags.push(now - at);
                else untimed += 1;
              }
            }
          : undefined,
      }),
    );
  }
  const sampledClients = Array.from({ length: clients }, (_, i) => i).filter(
    (i) => i % Math.max(1, Math.floor(clients / SAMPLED)) === 0,
  ).length;
  while (connected < clients) await new Promise((resolve) => setTimeout(resolve, 50));
  // The stream opens before the subscription joins the feed: a moment for the last ones.
  await new Promise((resolve) => setTimeout(resolve, 500));

  const cpuBefore = server.cpuMs();
  const start = performance.now();
  let sent = 0;
  const ticks = Math.round((seconds * 1000) / TICK_MS);
  for (let tick = 0; tick < ticks; tick++) {
    const wait = start + tick * TICK_MS - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    const ids = Array.from({ length: perTick }, () => randomUUID());
    await db.query(
      `insert into alert_events (id, rule_id, kind, state, rule_state, instance, created_at)
       select id, rule_id, 'status', 'critical', 'critical', 'bench', now()
         from unnest($1::uuid[], $2::uuid[]) as batch(id, rule_id)`,
      [ids, ids.map((_, n) => rules[(sent + n) % RULES])],
    );
    const now = performance.now();
    for (const id of ids) committedAt.set(id, now);
    sent += ids.length;
  }
  const elapsed = (performance.now() - start) / 1000;
  const expected = sent * sampledClients;
  const deadline = performance.now() + 10_000;
  while (received < expected && performance.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const cpuMs = server.cpuMs() - cpuBefore;
  const result = latencyResult('live fan-out', lags, expected);
  console.log(
    `\n## Live fan-out: ${clients} clients, ${(sent / elapsed).toFixed(0)} changes/s for ${elapsed.toFixed(1)} s\n`,
  );
  console.log(
    '| clients | changes/s | events timed (sampled clients) | missing | lag p50 ms | lag p99 ms | lag max ms | server CPU ms per change |',
  );
  console.log('|---:|---:|---:|---:|---:|---:|---:|---:|');
  console.log(
    `| ${clients} | ${(sent / elapsed).toFixed(0)} | ${result.count} | ${result.missing} | ${result.p50.toFixed(1)} | ${result.p99.toFixed(1)} | ${result.max.toFixed(1)} | ${(cpuMs / sent).toFixed(3)} |`,
  );
  console.log(
    `\nOf the missing, ${untimed} arrived before this process saw their insert return (not timed).`,
  );
} finally {
  for (const stream of streams) stream.destroy();
  await db.end();
  await server.stop();
  await database.drop();
}

/**
 * A bare SSE reader on `node:http` (the server's SSE as `httpSubscriptionLink` reads it): the
 * bearer token in a header, `data:` lines of default events handed to `onMessage` when given.
 */
function openStream(
  url: string,
  token: string,
  handlers: { onOpen: () => void; onMessage?: (data: string) => void },
): ClientRequest {
  const req = request(url, { headers: { authorization: `Bearer ${token}`, accept: 'text/event-stream' } });
  req.on('response', (res) => {
    handlers.onOpen();
    const onMessage = handlers.onMessage;
    if (!onMessage) {
      res.resume();
      return;
    }
    res.setEncoding('utf8');
    let buffered = '';
    res.on('data', (chunk: string) => {
      buffered += chunk;
      let end = buffered.indexOf('\n\n');
      while (end >= 0) {
        const message = buffered.slice(0, end);
        buffered = buffered.slice(end + 2);
        end = buffered.indexOf('\n\n');
        // Named events (connected, ping, return) are the protocol's own.
        if (message.includes('\nevent:') || message.startsWith('event:')) continue;
        const data = message
          .split('\n')
          .filter((line) => line.startsWith('data:'))
          .map((line) => line.slice(5).trimStart())
          .join('\n');
        if (data) onMessage(data);
      }
    });
  });
  req.on('error', () => undefined);
  req.end();
  return req;
}
