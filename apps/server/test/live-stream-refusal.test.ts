import { type ClientRequest, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { TestCore } from '@oncall/testing';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../src/build-app';
import { createServerTestCore, testAppClient } from './support/test-app';

const WAIT = { timeout: 15_000, interval: 25 };
const REFUSED = 25;
const BURST = 40;

interface LogLine {
  msg?: string;
  req?: { url?: string };
}

/**
 * A flood of live streams over the per-user cap is answered as cheaply as a static 429: each refusal
 * is counted, but none reads the session, verifies the token or writes a log line (the server at
 * `info`, as it runs by default, writes two per request otherwise). Of a burst asked for at once,
 * only as many as the user has room for go on to that work.
 */
describe('refusing a flood of live streams', () => {
  let t: TestCore;
  let app: FastifyInstance;
  let baseUrl: string;
  let token: string;
  const output: string[] = [];
  const opened: ClientRequest[] = [];

  beforeAll(async () => {
    t = await createServerTestCore({ liveEvents: { pollMs: 20, maxStreamsPerUser: 1, maxStreams: 100 } });
    app = await buildApp({
      core: t.core,
      ping: t.database.db.ping,
      logLevel: 'info',
      logStream: { write: (line: string) => void output.push(line) },
      bodyLimitBytes: 64 * 1024,
      trustProxy: false,
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    baseUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    token = (await testAppClient(t, () => app).userWithToken('streamer', 'member')).token;
  });
  afterEach(async () => {
    vi.restoreAllMocks();
    for (const req of opened.splice(0)) req.destroy();
    await vi.waitFor(() => expect(t.core.live.streams).toBe(0), WAIT);
  });
  afterAll(async () => {
    await app.close();
    await t.dispose();
  });

  const streamUrl = () =>
    `${baseUrl}/trpc/live.events?connectionParams=${encodeURIComponent(JSON.stringify({ token }))}`;
  /** Opens a stream; its status once its answer's head arrives. */
  const openStream = () =>
    new Promise<number | undefined>((resolve) => {
      const req = request(streamUrl());
      req.on('response', (res) => {
        res.resume();
        resolve(res.statusCode);
      });
      req.on('error', () => resolve(undefined));
      req.end();
      opened.push(req);
    });
  const refusedCount = async () => {
    const metrics = await app.inject({ method: 'GET', url: '/metrics' });
    const line = metrics.body
      .split('\n')
      .find((l) => l.startsWith('http_requests_total{method="GET",route="/trpc/live.events",status="429"}'));
    return line ? Number(line.split(' ').at(-1)) : 0;
  };
  const linesAbout = (written: string[]) =>
    written
      .map((line) => JSON.parse(line) as LogLine)
      .filter((line) => line.req?.url?.startsWith('/trpc/live.events'));

  it('answers each 429 without reading the session, verifying the token or logging it, and counts it', async () => {
    void openStream();
    await vi.waitFor(() => expect(t.core.live.subscribers).toBe(1), WAIT);
    // An accepted stream is logged as any request.
    await vi.waitFor(
      () => expect(linesAbout(output).map((line) => line.msg)).toContain('incoming request'),
      WAIT,
    );

    const before = await refusedCount();
    const authenticate = vi.spyOn(t.core.auth, 'authenticate');
    output.length = 0;
    const answers = await Promise.all(
      Array.from({ length: REFUSED }, async () => {
        const response = await fetch(streamUrl());
        return { status: response.status, body: (await response.json()) as { error: { data: unknown } } };
      }),
    );
    const written = output.splice(0);
    authenticate.mockRestore();

    for (const answer of answers) {
      expect(answer.status).toBe(429);
      expect(answer.body.error.data).toMatchObject({ httpStatus: 429, domainCode: 'too_many_streams' });
    }
    expect(authenticate).not.toHaveBeenCalled();
    expect(written).toEqual([]);
    expect((await refusedCount()) - before).toBe(REFUSED);

    // With room again, the next stream is accepted, and logged.
    opened[0]?.destroy();
    await vi.waitFor(() => expect(t.core.live.streams).toBe(0), WAIT);
    void openStream();
    await vi.waitFor(() => expect(t.core.live.subscribers).toBe(1), WAIT);
    expect(linesAbout(output.splice(0)).map((line) => line.msg)).toContain('incoming request');
  });

  it('of a burst of streams asked for at once, reads the session of only as many as have room', async () => {
    const authenticate = vi.spyOn(t.core.auth, 'authenticate');
    const statuses = await Promise.all(Array.from({ length: BURST }, openStream));
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.filter((status) => status === 429)).toHaveLength(BURST - 1);
    expect(authenticate).toHaveBeenCalledTimes(1);
  });
});
