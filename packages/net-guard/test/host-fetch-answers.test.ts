import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { discardBody, readBodyText } from '@oncall/plugin-sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHostFetch } from '../src';

/**
 * What a plugin reads from the host's fetch is a WHATWG Response, whichever HTTP client is behind
 * it: these pin the parts of fetch's behaviour the host keeps (decoded bodies, empty answers,
 * default headers, a body left unread part way).
 */
describe('the host fetch answers', () => {
  const seen: IncomingMessage[] = [];
  let endlessClosed: Promise<void> = Promise.resolve();
  const routes: Record<string, (response: ServerResponse) => void> = {
    '/gzip': (response) => {
      response.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip' });
      response.end(gzipSync(JSON.stringify({ ok: true, id: 'm-1' })));
    },
    '/ok': (response) => {
      response.writeHead(200, { 'content-type': 'text/plain' });
      response.end('ok');
    },
    '/empty': (response) => {
      response.writeHead(204);
      response.end();
    },
    '/cookies': (response) => {
      response.writeHead(200, [
        ['set-cookie', 'a=1'],
        ['set-cookie', 'b=2'],
      ]);
      response.end('two');
    },
    '/endless': (response) => {
      response.writeHead(200, { 'content-type': 'text/plain' });
      endlessClosed = new Promise((resolve) => response.on('close', () => resolve()));
      const more = () => {
        while (response.write('x'.repeat(16 * 1024)));
      };
      response.on('drain', more);
      more();
    },
  };
  let server: Server;
  let base: string;
  const host = createHostFetch({ allowedAddresses: ['127.0.0.1'] });

  beforeAll(async () => {
    server = createServer((request, response) => {
      seen.push(request);
      request.resume();
      (routes[request.url ?? ''] ?? ((r: ServerResponse) => r.writeHead(404).end()))(response);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await host.close();
    await new Promise((resolve) => server.close(resolve));
  });

  it('decodes a compressed body, as fetch does', async () => {
    const response = await host.fetch(`${base}/gzip`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ok: true, id: 'm-1' });
  });

  it('gives an empty answer no body, and the connection serves the next request', async () => {
    const empty = await host.fetch(`${base}/empty`, { method: 'POST', body: 'x' });
    expect(empty.status).toBe(204);
    expect(empty.body).toBeNull();
    expect((await host.fetch(`${base}/gzip`)).status).toBe(200);
  });

  it('keeps every value of a repeated header', async () => {
    const response = await host.fetch(`${base}/cookies`);
    expect(response.headers.getSetCookie()).toEqual(['a=1', 'b=2']);
    expect(await response.text()).toBe('two');
  });

  it("sends fetch's accept and user agent unless the plugin set its own", async () => {
    await host.fetch(`${base}/gzip`);
    expect(seen.at(-1)?.headers).toMatchObject({ accept: '*/*', 'user-agent': 'undici' });
    await host.fetch(`${base}/gzip`, { headers: { accept: 'application/json', 'user-agent': 'plugin/1' } });
    expect(seen.at(-1)?.headers).toMatchObject({ accept: 'application/json', 'user-agent': 'plugin/1' });
  });

  it('fails the read of a body whose call is aborted part way, and nothing else', async () => {
    const abort = new AbortController();
    const response = await host.fetch(`${base}/endless`, { signal: abort.signal });
    const reader = response.body?.getReader();
    expect((await reader?.read())?.done).toBe(false);
    abort.abort(new Error('attempt timed out'));
    await expect(
      (async () => {
        for (;;) if ((await reader?.read())?.done !== false) return;
      })(),
    ).rejects.toThrow('attempt timed out');
    await endlessClosed;
  });

  it('fails the read of a body whose call was aborted before any read, and nothing else', async () => {
    const abort = new AbortController();
    const response = await host.fetch(`${base}/endless`, { signal: abort.signal });
    abort.abort(new Error('attempt timed out'));
    await endlessClosed;
    await expect(response.text()).rejects.toThrow('attempt timed out');
  });

  it('lets a plugin discard a short answer unread, with no error left for the process', async () => {
    const uncaught: unknown[] = [];
    const keep = (error: unknown) => uncaught.push(error);
    process.on('uncaughtException', keep);
    try {
      for (let i = 0; i < 20; i++)
        await discardBody(await host.fetch(`${base}/ok`, { method: 'POST', body: 'x' }));
      await new Promise((resolve) => setTimeout(resolve, 50));
    } finally {
      process.off('uncaughtException', keep);
    }
    expect(uncaught).toEqual([]);
  });

  it('closes the connection of a body discarded unread', async () => {
    const response = await host.fetch(`${base}/endless`);
    await discardBody(response);
    await endlessClosed;
  });

  it('lets a plugin read the start of an endless body and drop the rest, closing the connection', async () => {
    const response = await host.fetch(`${base}/endless`);
    expect(await readBodyText(response, 1000)).toBe('x'.repeat(1000));
    await endlessClosed;
  });
});
