import type { MikroORM } from '@mikro-orm/postgresql';
import { socketOf } from '@oncall/db';
import pg from 'pg';
import type { Db } from 'pg-boss';

const MAX_RECONNECT_DELAY_MS = 30_000;
/** How long closing the listener waits for the server's goodbye before it drops the socket. */
const CLOSE_WAIT_MS = 1_000;

/**
 * pg-boss on the application's PostgreSQL through MikroORM's own `pg` pool: one pool to size and
 * monitor, and the same server settings everywhere. LISTEN needs a session of its own, so the
 * listener is a dedicated client built from the pool's options that reconnects with capped backoff
 * and tells pg-boss after each (re)subscribe, so notifications missed meanwhile are fetched.
 * Its statements run unnamed, planned each time against the job table as it is then: a named
 * statement keeps the generic plan PostgreSQL made in its first calls, and the job table grows from
 * nothing to thousands of rows within seconds of a fresh start (a job completion planned on the
 * empty table then read every job of its queue to find its few).
 */
export async function postgresBossDb(orm: MikroORM): Promise<Db> {
  const pool = await orm.em.getConnection().getNativeClient();
  return {
    async executeSql(text, values) {
      const result: unknown = await pool.query(text, values);
      return { rows: rowsOf(result) };
    },
    listen: (channel, onNotification, onReconnect) =>
      listenWithReconnect(pool.options, channel, onNotification, onReconnect),
  };
}

/** Multi-statement text answers one result per statement; pg-boss wants their rows together. */
function rowsOf(result: unknown): unknown[] {
  const results = Array.isArray(result) ? result : [result];
  return results.flatMap((entry: unknown) =>
    typeof entry === 'object' && entry !== null && 'rows' in entry && Array.isArray(entry.rows)
      ? entry.rows
      : [],
  );
}

async function listenWithReconnect(
  options: pg.ClientConfig,
  channel: string,
  onNotification: (payload: string) => void,
  onReconnect: () => void,
): Promise<{ close(): Promise<void> }> {
  let closed = false;
  let client: pg.Client | null = null;
  let retry: NodeJS.Timeout | null = null;
  let failures = 0;

  const connect = async (): Promise<void> => {
    const next = new pg.Client({ ...options, keepAlive: true });
    client = next;
    const lost = () => {
      if (client !== next) return;
      client = null;
      next.removeAllListeners();
      next.end().catch(() => undefined);
      scheduleReconnect();
    };
    next.on('error', lost);
    next.on('end', lost);
    next.on('notification', (message) => {
      if (message.payload !== undefined) onNotification(message.payload);
    });
    try {
      await next.connect();
      await next.query(`LISTEN "${channel.replace(/"/g, '""')}"`);
    } catch (error) {
      if (client === next) client = null;
      next.removeAllListeners();
      await next.end().catch(() => undefined);
      throw error;
    }
    failures = 0;
    onReconnect();
  };

  const scheduleReconnect = () => {
    if (closed || retry) return;
    const delay = Math.min(MAX_RECONNECT_DELAY_MS, 1_000 * 2 ** Math.min(failures, 5));
    failures += 1;
    retry = setTimeout(() => {
      retry = null;
      connect().catch(() => scheduleReconnect());
    }, delay);
  };

  // The first subscribe fails loudly: pg-boss then warns and keeps polling.
  await connect();
  return {
    async close() {
      closed = true;
      if (retry) clearTimeout(retry);
      const current = client;
      client = null;
      if (current) await endWithin(current, CLOSE_WAIT_MS);
    },
  };
}

/**
 * Ends a client, dropping its socket if the server does not answer the goodbye in time: `end()`
 * waits for the server to close its side, which a stalled server or a network that drops everything
 * never does, and the whole engine's stop would wait with it.
 */
async function endWithin(client: pg.Client, waitMs: number): Promise<void> {
  client.removeAllListeners();
  // The dropped socket may still report its end as an error: nobody is listening for it any more.
  client.on('error', () => undefined);
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<'late'>((resolve) => {
    timer = setTimeout(() => resolve('late'), waitMs);
  });
  const ended = client.end().then(
    () => 'ended' as const,
    () => 'ended' as const,
  );
  if ((await Promise.race([ended, late])) === 'late') socketOf(client)?.destroy();
  clearTimeout(timer);
}
