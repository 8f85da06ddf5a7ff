/**
 * The yardstick the Step-4 benchmarks divide by: a bare Fastify server whose one route does a single
 * INSERT into a small table of the benchmark's database through a pg pool of the server's size (10).
 * No validation, no auth, no transaction: what one HTTP request plus one committed row costs on this
 * machine. Started by `baseline-process.ts`; reads DATABASE_URL and PORT.
 */
import Fastify from 'fastify';
import pg from 'pg';

const url = process.env.DATABASE_URL;
if (!url) throw new Error('Started by bench/src/baseline-process.ts only');

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
