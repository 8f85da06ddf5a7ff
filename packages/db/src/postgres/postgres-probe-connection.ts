import pg from 'pg';
import { socketOf } from './answer-deadline';

/**
 * Whether PostgreSQL answers `select 1` within `timeoutMs`, on a connection of its own: a probe
 * must not queue behind the pool it is meant to judge. The connection is made for the probe and
 * closed after it; one that does not answer in time is torn down, never waited on.
 */
export async function probePostgres(url: string, timeoutMs: number): Promise<boolean> {
  const client = new pg.Client({
    connectionString: url,
    connectionTimeoutMillis: timeoutMs,
    statement_timeout: timeoutMs,
  });
  // A probe connection that fails is an answer ("not ready"), not a crash.
  client.on('error', () => undefined);
  const timer = setTimeout(() => socketOf(client)?.destroy(), timeoutMs);
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
    void client.end().catch(() => undefined);
  }
}
