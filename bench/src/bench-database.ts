import { randomBytes } from 'node:crypto';
import pg from 'pg';

const ADMIN_URLS = ['postgres://postgres@127.0.0.1:5432/postgres', 'postgres://root@127.0.0.1:5432/postgres'];

/** A throw-away database on the local PostgreSQL: benchmarks measure the real server, never PGlite. */
export async function createBenchDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  for (const adminUrl of ADMIN_URLS) {
    const admin = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 2000 });
    try {
      await admin.connect();
    } catch {
      continue;
    }
    const name = `oncall_bench_${randomBytes(4).toString('hex')}`;
    await admin.query(`create database "${name}"`);
    await admin.end();
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    return {
      url: url.toString(),
      drop: async () => {
        // BENCH_KEEP_DB=1 leaves it for a look afterwards (psql); it says which.
        if (process.env.BENCH_KEEP_DB) {
          console.log(`kept database ${name}`);
          return;
        }
        const again = new pg.Client({ connectionString: adminUrl });
        await again.connect();
        await again.query(`drop database if exists "${name}" with (force)`);
        await again.end();
      },
    };
  }
  throw new Error('Benchmarks need PostgreSQL on 127.0.0.1:5432 (trust auth, user postgres or root)');
}
