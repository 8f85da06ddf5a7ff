import { connect, createServer, type Server, type Socket } from 'node:net';

/**
 * A loopback TCP proxy in front of a real server, to make that server sick on demand:
 * - `pause()`: bytes stop flowing both ways but every socket stays open, and new connections are
 *   accepted and then left waiting: a database that stops answering (a stalled disk, a hung host);
 * - `stop()`: every socket is closed and new connections are refused: a database that is down;
 * - `resume()` / `start()` undo them.
 */
export interface TcpProxy {
  readonly port: number;
  pause(): void;
  resume(): void;
  stop(): Promise<void>;
  start(): Promise<void>;
  close(): Promise<void>;
}

export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const sockets = new Set<Socket>();
  let paused = false;
  let server: Server | undefined;
  let port = 0;

  const track = (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => socket.destroy());
    if (paused) socket.pause();
  };
  // Paused sockets read nothing, so neither data nor a peer's close gets through until resumed.
  const forward = (from: Socket, to: Socket) => {
    from.on('data', (chunk) => {
      if (!to.write(chunk)) from.pause();
    });
    to.on('drain', () => {
      if (!paused) from.resume();
    });
    from.on('end', () => to.end());
    from.on('close', () => to.destroy());
  };
  const onConnection = (client: Socket) => {
    track(client);
    const upstream = connect(target.port, target.host);
    track(upstream);
    forward(client, upstream);
    forward(upstream, client);
  };
  const listen = () =>
    new Promise<void>((resolve, reject) => {
      const next = createServer(onConnection);
      next.once('error', reject);
      next.listen(port, '127.0.0.1', () => {
        const address = next.address();
        if (typeof address === 'object' && address) port = address.port;
        server = next;
        resolve();
      });
    });
  const stop = async () => {
    const current = server;
    server = undefined;
    for (const socket of sockets) socket.destroy();
    if (current) await new Promise<void>((resolve) => current.close(() => resolve()));
  };

  await listen();
  return {
    get port() {
      return port;
    },
    pause() {
      paused = true;
      for (const socket of sockets) socket.pause();
    },
    resume() {
      paused = false;
      for (const socket of sockets) socket.resume();
    },
    stop,
    start: () => listen(),
    close: async () => {
      paused = false;
      await stop();
    },
  };
}
