import { createServer } from 'node:net';
import { ArrivalCounter } from './arrival-counter';
import { closeServer, listenLocal } from './listen-local';
import { SocketTracker } from './socket-tracker';

/**
 * A webhook target that hangs: it accepts every TCP connection on 127.0.0.1, reads what arrives and
 * never answers, so each request holds its sender until the sender gives up.
 */
export interface TarpitServer {
  readonly url: string;
  /** Connections open now. */
  readonly held: number;
  /** Connections the other side ended (its timeout fired, or it was stopped) since the start. */
  readonly released: number;
  /** Resolves once at least `count` connections have been accepted, whether still held or not. */
  waitForConnections(count: number): Promise<void>;
  /** Ends every held connection and stops listening. */
  close(): Promise<void>;
}

export async function startTarpitServer(): Promise<TarpitServer> {
  const accepted = new ArrivalCounter();
  const tracker = new SocketTracker();
  let held = 0;
  let released = 0;
  let closing = false;
  const server = createServer((socket) => {
    held += 1;
    accepted.arrived();
    // Read and drop whatever arrives, so the sender's write completes and it waits for an answer.
    socket.on('data', () => undefined);
    socket.on('error', () => undefined);
    socket.once('close', () => {
      held -= 1;
      if (!closing) released += 1;
    });
  });
  tracker.watch(server);
  const port = await listenLocal(server);
  return {
    url: `http://127.0.0.1:${port}`,
    get held() {
      return held;
    },
    get released() {
      return released;
    },
    waitForConnections: (count) => accepted.atLeast(count),
    async close() {
      closing = true;
      tracker.destroyAll();
      await closeServer(server);
    },
  };
}
