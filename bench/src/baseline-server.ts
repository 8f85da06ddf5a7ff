/**
 * The yardstick the ingestion and fire → page benchmarks divide by: a bare Fastify server whose
 * `POST /ingest` does a single INSERT into a small table of the benchmark's database through a pg
 * pool of the server's size (10). No validation, no auth, no transaction: what one HTTP request plus
 * one committed row costs on this machine. With FORWARD_URL (a fake providerOne) it then makes one local
 * POST there, carrying the instance as the message, and answers after it: the least a page costs.
 * With FORWARD_SHAPE=webhook the forward is a chat webhook's instead: FORWARD_URL is the webhook's
 * whole URL, POSTed a JSON `{text}` carrying the instance (what a Mattermost page costs, at least).
 * For the Alertmanager push benchmark, `POST /ingest-batch` takes a JSON array of postable alerts and
 * inserts a row per alert in one statement: what one request carrying a batch plus its rows costs.
 * Started by `baseline-process.ts`; reads DATABASE_URL, PORT, FORWARD_URL and FORWARD_SHAPE.
 */
import Fastify from 'fastify';
import pg from 'pg';

const url = process.env.DATABASE_URL;
if (!url) throw new Error('Started by bench/src/baseline-process.ts only');

const forwardUrl = process.env.FORWARD_URL || undefined;
const forwardToWebhook = process.env.FORWARD_SHAPE === 'webhook';
const pool = new pg.Pool({ connectionString: url, max: 10 });
await pool.query(
  `create table if not exists bench_baseline (
     id bigserial primary key, instance text not null, alertname text, description text,
     created_at timestamptz not null default now())`,
);
const app = Fastify({ logger: false });
app.post('/ingest', async (request) => {
  const body = request.body as { instance?: string; alertname?: string; description?: string };
  await pool.query('insert into bench_baseline (instance, alertname, description) values ($1, $2, $3)', [
    body.instance ?? '',
    body.alertname ?? null,
    body.description ?? null,
  ]);
  if (forwardUrl !== undefined && forwardToWebhook) {
    const response = await fetch(forwardUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ text: body.instance ?? '' }),
    });
    await response.arrayBuffer();
  } else if (forwardUrl !== undefined) {
    const query = new URLSearchParams({
      receptor: '09120000000',
      sender: '1000',
      message: body.instance ?? '',
    });
    const response = await fetch(`${forwardUrl}/v1/baseline/sms/send.json?${query}`, { method: 'POST' });
    await response.arrayBuffer();
  }
  return { status: true };
});
app.post('/ingest-batch', async (request) => {
  // The fields the single route stores, read from each postable alert; one INSERT of all the rows.
  const alerts = request.body as Array<{
    labels?: Record<string, string>;
    annotations?: Record<string, string>;
  }>;
  await pool.query(
    `insert into bench_baseline (instance, alertname, description)
     select * from unnest($1::text[], $2::text[], $3::text[])`,
    [
      alerts.map((a) => a.labels?.instance ?? ''),
      alerts.map((a) => a.labels?.alertname ?? null),
      alerts.map((a) => a.annotations?.summary ?? null),
    ],
  );
  return { status: true };
});
await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT ?? 3990) });
process.stdout.write('baseline listening on 127.0.0.1\n');
const stop = async () => {
  await app.close();
  await pool.end();
  process.exit(0);
};
process.on('SIGTERM', () => void stop());
