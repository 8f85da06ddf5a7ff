import type pg from 'pg';
import { socketOf } from './answer-deadline';

/** What a `rollback` answers; the caller (Kysely) reads only `command`, `rowCount` and `rows`. */
const ROLLED_BACK = Object.freeze({ command: 'ROLLBACK', rowCount: null, rows: [], fields: [] });

type Query = (...args: unknown[]) => unknown;

/**
 * A `rollback` that fails ends its connection and answers as rolled back, so the transaction's
 * connection goes back to the pool.
 *
 * Kysely hands a transaction's connection back only once its `commit` or `rollback` has answered.
 * A connection that died inside a transaction (PostgreSQL restarted, the session terminated, the
 * network cut, the silence deadline of `answer-deadline.ts`) answers the rollback MikroORM sends
 * after the failure with an error, so the pool kept the connection as borrowed for good: a few
 * database restarts and every request waited for a connection that never came back.
 *
 * Answering "rolled back" is true once the connection is closed: PostgreSQL aborts the open
 * transaction of a session whose connection ends. The pool then drops the closed connection on
 * its return and opens a new one when needed.
 */
export function rollbackAlwaysReleases(pool: pg.Pool): void {
  pool.on('connect', (client) => {
    const send = client.query.bind(client) as Query;
    const query: Query = (...args) => {
      const [text, values, callback] = args;
      const promised = typeof values !== 'function' && callback === undefined;
      if (!promised || typeof text !== 'string' || !isRollback(text)) return send(...args);
      return (send(...args) as Promise<unknown>).catch((error: unknown) => closed(client, error));
    };
    client.query = query as typeof client.query;
  });
}

/**
 * Ends the connection and waits until node-postgres has seen it end, so the pool drops it. Without
 * its socket the connection cannot be ended, and answering "rolled back" could hand the next
 * borrower a transaction still open: the rollback's error stands then.
 */
async function closed(client: pg.PoolClient, error: unknown): Promise<typeof ROLLED_BACK> {
  const socket = socketOf(client);
  if (socket === undefined) throw error;
  if (!socket.closed) {
    const ended = new Promise((resolve) => socket.once('close', resolve));
    socket.destroy();
    await ended;
  }
  return ROLLED_BACK;
}

function isRollback(text: string): boolean {
  return text.length < 16 && text.trim().toLowerCase() === 'rollback';
}
