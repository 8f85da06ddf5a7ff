import { createServer, type Server, type Socket } from 'node:net';
import { Agent, errors } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { forwardToZone, unreachableZone } from '../src/zone-forwarder';
import { streamFromZone } from '../src/zone-stream';

const zone = { name: 'dc-9' };

describe('why a zone is unreachable', () => {
  it("says the zone did not answer in time when undici's own headers or body bound saw it first", () => {
    // Both bounds equal the caller's: under load undici's timer can fire in the same turn, before the abort.
    for (const error of [new errors.HeadersTimeoutError(), new errors.BodyTimeoutError()]) {
      const unreachable = unreachableZone(zone, error, false, 15_000);
      expect(unreachable.code).toBe('zone_unreachable');
      expect(unreachable.message).toBe('The zone "dc-9" did not answer within 15 s.');
    }
    expect(unreachableZone(zone, new Error('aborted'), true, 15_000).message).toBe(
      'The zone "dc-9" did not answer within 15 s.',
    );
  });

  it('names the connection failure otherwise, by its code or its cause', () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:9'), { code: 'ECONNREFUSED' });
    expect(unreachableZone(zone, refused, false, 15_000).message).toBe(
      'The zone "dc-9" could not be reached (ECONNREFUSED).',
    );
    expect(
      unreachableZone(zone, new TypeError('fetch failed', { cause: refused }), false, 15_000).message,
    ).toBe('The zone "dc-9" could not be reached (ECONNREFUSED).');
    expect(unreachableZone(zone, new Error('socket hang up'), false, 15_000).message).toBe(
      'The zone "dc-9" could not be reached (socket hang up).',
    );
  });

  describe('a zone that takes the connection and never answers', () => {
    let silent: Server;
    const sockets = new Set<Socket>();
    let url: string;
    const dispatcher = new Agent();

    beforeAll(async () => {
      silent = createServer((socket) => {
        sockets.add(socket);
        socket.on('close', () => sockets.delete(socket));
      });
      await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
      const address = silent.address();
      if (address === null || typeof address === 'string') throw new Error('no port');
      url = `http://127.0.0.1:${address.port}`;
    });

    afterAll(async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => silent.close(resolve));
      await dispatcher.close();
    });

    it('is a forwarded call that did not answer within the bound', async () => {
      await expect(
        forwardToZone(
          { name: 'dc-9', url },
          { method: 'GET', path: '/api/v1/alert-rule' },
          'assertion',
          dispatcher,
          1_000,
        ),
      ).rejects.toMatchObject({
        code: 'zone_unreachable',
        message: 'The zone "dc-9" did not answer within 1 s.',
      });
    });

    it('is a stream that did not open within the bound', async () => {
      await expect(
        streamFromZone(
          { name: 'dc-9', url },
          { path: '/trpc/live.events' },
          'assertion',
          dispatcher,
          new AbortController().signal,
          1_000,
        ),
      ).rejects.toMatchObject({
        code: 'zone_unreachable',
        message: 'The zone "dc-9" did not answer within 1 s.',
      });
    });
  });
});
