import type { Socket } from 'node:net';
import type pg from 'pg';
import { socketOf } from './answer-deadline';

/**
 * The sockets of a pool's connections, so that closing can end those still waiting for an answer
 * that will not come: the pool's `end` waits for every checked-out connection to come back, and one
 * whose statement PostgreSQL never answers (a stalled server, no statement timeout or its silence
 * deadline not yet reached) never does.
 */
export class OpenConnections {
  private readonly sockets = new Set<Socket>();

  watch(pool: pg.Pool): void {
    pool.on('connect', (client) => {
      const socket = socketOf(client);
      if (!socket) return;
      this.sockets.add(socket);
      socket.once('close', () => this.sockets.delete(socket));
    });
  }

  /** Ends every connection at once; their statements in flight fail. */
  destroyAll(): void {
    for (const socket of this.sockets) socket.destroy();
  }
}
