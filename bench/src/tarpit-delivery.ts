/**
 * Issue 12 item 5 benchmark: how long an SMS page takes while another tenant's webhook hangs. A
 * member's Teams endpoint points at a tarpit (accepts, never answers) and its rule fires
 * TARPIT_BENCH_FIRES times (200); while those sends hang, another rule's SMS page is fired at a
 * steady rate, each timed from its `fire-alert` request to the fake providerOne receiving it. The
 * same-run baseline is the same SMS run before the tarpit load. The server (with its embedded
 * engine) runs in its own process; the fakes and the tarpit run here, so both instants are read
 * from one clock.
 * Usage: npm run bench:tarpit -w @oncall/bench  (TARPIT_BENCH_RATE per second, default 20;
 * TARPIT_BENCH_SECONDS, default 10, kept under the 20 s attempt timeout so the tarpit holds
 * throughout; TARPIT_BENCH_FIRES, default 200)
 */
import { randomBytes } from 'node:crypto';
import { cpus } from 'node:os';
import { startFakeProviderOne, startTarpitServer } from '@oncall/fakes';
import { timeArrivals } from './arrival-times';
import { createBenchDatabase } from './bench-database';
import { latencyResult, paced, printLatencies } from './latency';
import { startServerProcess } from './server-process';
import { createApiRule, loginAdmin, seedMemberTeamsEndpoint, seedSmsEndpoint } from './service-fixtures';

const RATE = Number(process.env.TARPIT_BENCH_RATE ?? 20);
const SECONDS = Number(process.env.TARPIT_BENCH_SECONDS ?? 10);
const TARPIT_FIRES = Number(process.env.TARPIT_BENCH_FIRES ?? 200);
const WARM_UP = 20;

const database = await createBenchDatabase();
const provider = await startFakeProviderOne();
const tarpit = await startTarpitServer();
const server = await startServerProcess(database.url, 3993, {
  INGEST_MAX_PER_TOKEN_PER_MINUTE: '1000000000',
  ALLOW_PRIVATE_WEBHOOK_TARGETS: 'true',
});
try {
  const accessToken = await loginAdmin(server);
  const sms = await seedSmsEndpoint(server, database.url, provider.url);
  const pageRule = await createApiRule(server, accessToken, 'bench sms page', [sms]);
  const hook = await seedMemberTeamsEndpoint(server, database.url, `${tarpit.url}/hook`);
  const tarpitRule = await createApiRule(server, accessToken, 'bench tarpit', [hook]);
  const run = randomBytes(3).toString('hex');
  const marker = new RegExp(`tp-${run}-(\\d+)`);
  const fire = async (token: string, instance: string) => {
    const response = await fetch(`${server.url}/api/v1/fire-alert`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ alertname: 'bench', instance, description: 'benchmark alert' }),
    });
    if (!response.ok) throw new Error(`fire ${instance} failed: ${response.status} ${await response.text()}`);
    await response.arrayBuffer();
  };

  /** Fires the SMS rule at RATE for SECONDS, numbering instances from `offset`; fire → SMS times. */
  const smsRun = async (offset: number) => {
    const total = RATE * SECONDS;
    const sentAt = new Map<number, number>();
    const arrivals = timeArrivals(
      provider,
      provider.requests.length,
      total,
      marker,
      (request) => request.query.message ?? '',
    );
    await paced(RATE, SECONDS, async (i) => {
      sentAt.set(offset + i, performance.now());
      await fire(pageRule.token, `tp-${run}-${offset + i}`);
    });
    const arrivedAt = await arrivals;
    return [...arrivedAt].map(([n, at]) => at - (sentAt.get(n) ?? at));
  };

  await Promise.all(Array.from({ length: WARM_UP }, (_, i) => fire(pageRule.token, `warm-${run}-${i}`)));
  await provider.waitForRequests(WARM_UP);

  const quiet = await smsRun(0);

  for (let start = 0; start < TARPIT_FIRES; start += 50) {
    const count = Math.min(50, TARPIT_FIRES - start);
    await Promise.all(
      Array.from({ length: count }, (_, i) => fire(tarpitRule.token, `hook-${run}-${start + i}`)),
    );
  }
  await tarpit.waitForConnections(1);
  const loaded = await smsRun(1_000_000);
  const heldAtEnd = tarpit.held;
  const releasedAtEnd = tarpit.released;

  const total = RATE * SECONDS;
  console.log(
    `\nmachine: ${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, Node ${process.version}, PostgreSQL on 127.0.0.1`,
  );
  console.log(
    `${total} SMS pages at ${RATE}/s for ${SECONDS} s, each a new instance; the loaded run after ` +
      `${TARPIT_FIRES} fires of another member's rule whose Teams webhook never answers\n`,
  );
  printLatencies(
    [latencyResult(`fire → SMS, ${TARPIT_FIRES} tarpit sends pending`, loaded, total)],
    latencyResult('fire → SMS, no other load (baseline)', quiet, total),
  );
  console.log(
    `\ntarpit connections at the end of the loaded run: ${heldAtEnd} held, ${releasedAtEnd} given up by the sender`,
  );
} finally {
  await tarpit.close();
  await server.stop();
  await provider.close();
  await database.drop();
}
