import type { ServerResponse } from 'node:http';

/**
 * An answer whose body never ends: the fake writes as fast as the client reads until the client
 * closes the connection. Made by {@link endlessReply}.
 */
export interface EndlessReply {
  readonly type: 'endless';
  readonly status: number;
  readonly headers: Readonly<Record<string, string>>;
  /** Resolves once the client has closed the connection, i.e. stopped reading. */
  readonly closed: Promise<void>;
  /** Body bytes written so far. */
  sentBytes(): number;
  /** Called by the fake when it starts streaming. */
  stream(response: ServerResponse): void;
}

/**
 * How an HTTP fake answers one request: a response, no answer at all until the client gives up or
 * the fake closes (`hang`), a dropped connection (`reset`), or a body that never ends (`endless`).
 */
export type FakeReply =
  | {
      readonly type: 'respond';
      readonly status: number;
      readonly body: string;
      readonly headers: Readonly<Record<string, string>>;
    }
  | { readonly type: 'hang' }
  | { readonly type: 'reset' }
  | EndlessReply;

export function jsonReply(status: number, body: unknown, headers: Record<string, string> = {}): FakeReply {
  return {
    type: 'respond',
    status,
    body: JSON.stringify(body),
    headers: { 'content-type': 'application/json', ...headers },
  };
}

export function textReply(status: number, body: string, headers: Record<string, string> = {}): FakeReply {
  return { type: 'respond', status, body, headers: { 'content-type': 'text/plain', ...headers } };
}

/**
 * A body that streams forever, for clients that must read only a bounded part of an answer.
 *
 * @example
 * const endless = endlessReply(500);
 * receiver.replyNext(endless);
 * await send(); // must settle
 * await endless.closed; // the client hung up instead of reading on
 */
export function endlessReply(status: number, headers: Record<string, string> = {}): EndlessReply {
  let sent = 0;
  let markClosed = () => {};
  const closed = new Promise<void>((resolve) => {
    markClosed = resolve;
  });
  const chunk = Buffer.alloc(16 * 1024, 'x');
  return {
    type: 'endless',
    status,
    headers: { 'content-type': 'text/plain', ...headers },
    closed,
    sentBytes: () => sent,
    stream(response) {
      response.once('close', markClosed);
      // Writes until the socket's buffer is full, then again each time the client has read it.
      const pump = () => {
        let room = true;
        while (room && !response.destroyed) {
          room = response.write(chunk);
          sent += chunk.byteLength;
        }
      };
      response.on('drain', pump);
      pump();
    },
  };
}

export const hangReply: FakeReply = { type: 'hang' };

export const resetReply: FakeReply = { type: 'reset' };

export function writeReply(response: ServerResponse, reply: FakeReply): void {
  if (reply.type === 'hang') return;
  if (reply.type === 'reset') {
    response.socket?.destroy();
    return;
  }
  if (reply.type === 'endless') {
    response.writeHead(reply.status, reply.headers);
    reply.stream(response);
    return;
  }
  response.writeHead(reply.status, reply.headers);
  response.end(reply.body);
}
