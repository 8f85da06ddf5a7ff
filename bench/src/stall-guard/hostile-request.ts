import { request } from 'node:http';

export interface HostileRequest {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  headers?: Record<string, string>;
  /** Sent as is: hostile bodies are built as text (a lone surrogate, a NUL) to reach the server unchanged. */
  body?: string;
}

/** A status no HTTP answer has: the request was not answered within its timeout. */
export const TIMED_OUT = 0;

/**
 * Sends one request on a connection of its own and answers its status once the whole answer has
 * arrived, or `TIMED_OUT` when none came within `timeoutMs` (the request is then abandoned).
 */
export function sendHostile(baseUrl: string, hostile: HostileRequest, timeoutMs: number): Promise<number> {
  return new Promise((resolve) => {
    const body = hostile.body === undefined ? undefined : Buffer.from(hostile.body, 'utf8');
    const req = request(`${baseUrl}${hostile.path}`, {
      method: hostile.method,
      agent: false,
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json', 'content-length': body.length }),
        ...hostile.headers,
      },
    });
    const timer = setTimeout(() => {
      req.destroy();
      resolve(TIMED_OUT);
    }, timeoutMs);
    req.on('response', (res) => {
      res.resume();
      res.on('end', () => {
        clearTimeout(timer);
        resolve(res.statusCode ?? TIMED_OUT);
      });
      res.on('error', () => undefined);
    });
    req.on('error', () => {
      // A server that closes the connection early (a body over the limit) answered before; a
      // refused connection is not a stall either, but the case sees it as unanswered.
      clearTimeout(timer);
      resolve(TIMED_OUT);
    });
    req.end(body);
  });
}

/** `count` copies of `send` at once: the concurrent variant of a case. */
export async function concurrently(count: number, send: (i: number) => Promise<number>): Promise<number[]> {
  return Promise.all(Array.from({ length: count }, (_, i) => send(i)));
}
