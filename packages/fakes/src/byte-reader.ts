import type { Socket } from 'node:net';

/** Reads exact byte counts from a socket, for the request/response steps of a binary handshake. */
export class ByteReader {
  #buffer = Buffer.alloc(0);
  #pending: { size: number; resolve: (bytes: Buffer) => void; reject: (error: Error) => void } | undefined;
  readonly #socket: Socket;
  readonly #onData = (chunk: Buffer) => {
    this.#buffer = Buffer.concat([this.#buffer, chunk]);
    this.#settle();
  };
  readonly #onEnd = () => this.#pending?.reject(new Error('socket closed during handshake'));

  constructor(socket: Socket) {
    this.#socket = socket;
    socket.on('data', this.#onData);
    socket.once('close', this.#onEnd);
  }

  async read(size: number): Promise<Buffer> {
    return new Promise((resolve, reject) => {
      this.#pending = { size, resolve, reject };
      this.#settle();
    });
  }

  /** Stops reading and hands back what arrived beyond the handshake. */
  release(): Buffer {
    this.#socket.off('data', this.#onData);
    this.#socket.off('close', this.#onEnd);
    return this.#buffer;
  }

  #settle(): void {
    const pending = this.#pending;
    if (pending === undefined || this.#buffer.length < pending.size) return;
    this.#pending = undefined;
    const bytes = this.#buffer.subarray(0, pending.size);
    this.#buffer = this.#buffer.subarray(pending.size);
    pending.resolve(bytes);
  }
}
