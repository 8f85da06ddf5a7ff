import { type ClientRequest, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ADMIN } from '@oncall/testing';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { listenLive } from './support/live-listener';
import { createTestApp, type TestApp } from './support/test-app';

const WAIT = { timeout: 15_000, interval: 25 };

interface RawStream {
  status: () => number | undefined;
  text: () => string;
  ended: () => boolean;
  request: ClientRequest;
}

/**
 * Live streams outlive their request, so each holds server memory and a place in the feed for as
 * long as its client keeps it: one user may hold a few (tabs), not hundreds, and the process holds a
 * bounded number in all. Over either cap a stream is refused at once with a 429, before streaming.
 */
describe('live stream caps', () => {
  let h: TestApp;
  let baseUrl: string;
  let admin: string;
  let member: string;
  const opened: RawStream[] = [];
  const clients: Array<{ stop: () => void }> = [];

  beforeAll(async () => {
    h = await createTestApp({ liveEvents: { pollMs: 20, maxStreamsPerUser: 2, maxStreams: 3 } });
    await h.app.listen({ port: 0, host: '127.0.0.1' });
    baseUrl = `http://127.0.0.1:${(h.app.server.address() as AddressInfo).port}`;
    admin = await h.adminToken();
    member = (await h.userWithToken('streamer', 'member')).token;
  });
  afterAll(async () => h.dispose());
  afterEach(async () => {
    for (const stream of opened.splice(0)) stream.request.destroy();
    for (const client of clients.splice(0)) client.stop();
    await vi.waitFor(() => expect(h.t.core.live.subscribers).toBe(0), WAIT);
    // No slot outlives its stream.
    await vi.waitFor(() => expect(h.t.core.live.streams).toBe(0), WAIT);
  });

  const open = (token: string, headers: Record<string, string> = {}): RawStream => {
    let body = '';
    let status: number | undefined;
    let ended = false;
    const params = encodeURIComponent(JSON.stringify({ token }));
    const req = request(`${baseUrl}/trpc/live.events?connectionParams=${params}`, { headers });
    req.on('response', (res) => {
      status = res.statusCode;
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        body += chunk;
      });
      res.on('end', () => {
        ended = true;
      });
    });
    req.on('error', () => undefined);
    req.end();
    const stream = { status: () => status, text: () => body, ended: () => ended, request: req };
    opened.push(stream);
    return stream;
  };
  const streaming = async (count: number) =>
    vi.waitFor(() => expect(h.t.core.live.subscribers).toBe(count), WAIT);
  const refusedWith429 = async (stream: RawStream) => {
    await vi.waitFor(() => expect(stream.ended()).toBe(true), WAIT);
    expect(stream.status()).toBe(429);
    const answer = JSON.parse(stream.text()) as { error: { message: string; data: Record<string, unknown> } };
    expect(answer.error.data).toMatchObject({
      code: 'TOO_MANY_REQUESTS',
      httpStatus: 429,
      domainCode: 'too_many_streams',
    });
    return answer.error.message;
  };

  it('refuses a stream over the per-user cap with a 429, and a closed stream frees its slot', async () => {
    open(admin);
    const second = open(admin);
    await streaming(2);
    const message = await refusedWith429(open(admin));
    expect(message).toMatch(/live streams/i);
    expect(h.t.core.live.subscribers).toBe(2);

    // Another user still has room of their own.
    open(member);
    await streaming(3);

    second.request.destroy();
    await streaming(2);
    open(admin);
    await streaming(3);
  });

  it("refuses a stream over the per-user cap by the token's signature, before the session is read", async () => {
    const first = open(admin);
    open(admin);
    await streaming(2);
    // A second session of the same user, logged out: reading it would answer 401. The refusal comes
    // first, so a flood of streams over the cap costs the database nothing.
    const { accessToken } = await h.login(ADMIN.username, ADMIN.password);
    expect((await h.call('POST', '/api/v1/auth/logout', { token: accessToken })).statusCode).toBe(200);
    await refusedWith429(open(accessToken));
    // With room, the same token's session is read, and refused as any revoked one (tRPC's way: the
    // error as the stream's first message).
    first.request.destroy();
    await streaming(1);
    const revoked = open(accessToken);
    await vi.waitFor(() => expect(revoked.text()).toContain('UNAUTHORIZED'), WAIT);
    expect(h.t.core.live.subscribers).toBe(1);
  });

  it('refuses a stream over the process-wide cap, whoever asks', async () => {
    open(admin);
    open(admin);
    open(member);
    await streaming(3);
    await refusedWith429(open(member));
    expect(h.t.core.live.subscribers).toBe(3);
  });

  it('frees the slot of a client that vanished without closing (connection reset)', async () => {
    const first = open(admin);
    open(admin);
    await streaming(2);
    first.request.socket?.resetAndDestroy();
    await streaming(1);
    open(admin);
    await streaming(2);
  });

  it('frees the slot of a tRPC client that unsubscribes', async () => {
    const client = listenLive(baseUrl, { token: admin });
    clients.push(client);
    open(admin);
    await streaming(2);
    await refusedWith429(open(admin));
    // The documented client is told why, not left waiting.
    const refused = listenLive(baseUrl, { token: admin });
    clients.push(refused);
    await vi.waitFor(() => expect(refused.errors).toHaveLength(1), WAIT);
    expect(String(refused.errors[0])).toMatch(/429/);
    refused.stop();
    client.stop();
    await streaming(1);
    open(admin);
    await streaming(2);
  });

  it("counts a stream tRPC's own handler serves once, and frees its slot when it closes", async () => {
    // Not a plain SSE request: the live route hands it to tRPC's handler, whose procedure reserves
    // the slot the route had reserved and given back.
    const viaTrpc = open(admin, { 'content-type': 'text/plain' });
    await streaming(1);
    expect(h.t.core.live.streams).toBe(1);
    open(admin);
    await streaming(2);
    await refusedWith429(open(admin));
    viaTrpc.request.destroy();
    await streaming(1);
    expect(h.t.core.live.streams).toBe(1);
  });
});
