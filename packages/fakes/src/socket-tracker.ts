import type { Server, Socket } from 'node:net';

/** Remembers every socket a fake proxy holds, so `close()` can end tunnels the server no longer tracks. */
export class SocketTracker {
  readonly #sockets = new Set<Socket>();

  watch(server: Server): void {
    server.on('connection', (socket: Socket) => this.add(socket));
  }

  add(socket: Socket): void {
    this.#sockets.add(socket);
    socket.once('close', () => this.#sockets.delete(socket));
  }

  destroyAll(): void {
    for (const socket of this.#sockets) socket.destroy();
  }
}
