import pg from 'pg';

const CANDIDATES = ['postgres://postgres@127.0.0.1:5432/postgres', 'postgres://root@127.0.0.1:5432/postgres'];

let probed: Promise<string | undefined> | undefined;

/** Finds an admin URL of a PostgreSQL server that answers, once per process. */
export function findPostgres(explicitUrl?: string): Promise<string | undefined> {
  probed ??= (async () => {
    for (const url of explicitUrl ? [explicitUrl] : CANDIDATES) {
      const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1500 });
      try {
        await client.connect();
        await client.query('select 1');
        return url;
      } catch {
        // try the next candidate
      } finally {
        await client.end().catch(() => undefined);
      }
    }
    return undefined;
  })();
  return probed;
}

export async function adminQuery(adminUrl: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}
