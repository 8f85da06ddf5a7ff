import type { ServerResponse } from 'node:http';

/**
 * How an HTTP fake answers one request: a response, no answer at all until the client gives up or
 * the fake closes (`hang`), or a dropped connection (`reset`).
 */
export type FakeReply =
  | {
      readonly type: 'respond';
      readonly status: number;
      readonly body: string;
      readonly headers: Readonly<Record<string, string>>;
    }
  | { readonly type: 'hang' }
  | { readonly type: 'reset' };

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

export const hangReply: FakeReply = { type: 'hang' };

export const resetReply: FakeReply = { type: 'reset' };

export function writeReply(response: ServerResponse, reply: FakeReply): void {
  if (reply.type === 'hang') return;
  if (reply.type === 'reset') {
    response.socket?.destroy();
    return;
  }
  response.writeHead(reply.status, reply.headers);
  response.end(reply.body);
}
