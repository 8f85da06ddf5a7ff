import { Socket } from 'node:net';
import type pg from 'pg';

/**
 * A statement the server cancels on `statement_timeout` still answers (an error), so a connection
 * that stays silent this much longer is not going to: the server is stalled, or the network
 * between us drops everything without closing.
 */
export const ANSWER_GRACE_MS = 1_000;

/**
 * Ends a pooled connection that has sent a statement and heard nothing for `silenceMs`. The
 * statement fails (a connection error, answered as 503) and the pool replaces the connection.
 *
 * Ending it matters: a client that only stopped waiting would go back to the pool with the
 * statement still on the wire and, when the rollback after it never left the client's queue, a
 * transaction still open on the server, which the next borrower's statements would run inside and
 * never commit.
 *
 * Waiting for an answer means bytes were written since the client last drained its queue (every
 * statement sent was answered); a connection merely idle, in the pool or inside a transaction, is
 * left alone (`idle_in_transaction_session_timeout` is the server's limit for the latter).
 */
export function endSilentConnections(pool: pg.Pool, silenceMs: number): void {
  pool.on('connect', (client) => {
    const socket = socketOf(client);
    if (!socket) return;
    let answeredUpTo = socket.bytesWritten;
    client.on('drain', () => {
      answeredUpTo = socket.bytesWritten;
    });
    socket.setTimeout(silenceMs, () => {
      if (socket.bytesWritten > answeredUpTo) socket.destroy();
    });
  });
}

/** node-postgres keeps its socket at `client.connection.stream` (typed on `Client`, not `PoolClient`). */
export function socketOf(client: object): Socket | undefined {
  const connection = 'connection' in client ? client.connection : undefined;
  const stream =
    typeof connection === 'object' && connection !== null && 'stream' in connection
      ? connection.stream
      : undefined;
  return stream instanceof Socket ? stream : undefined;
}
