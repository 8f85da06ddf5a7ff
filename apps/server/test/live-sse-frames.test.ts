import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { seedApiRule } from './support/seed-delivery';
import { createTestApp, type TestApp } from './support/test-app';

const WAIT = { timeout: 15_000, interval: 25 };

interface RawStream {
  status: () => number | undefined;
  headers: () => Record<string, string | string[] | undefined>;
  text: () => string;
  ended: () => boolean;
  close: () => void;
}

/**
 * The bytes of `GET /trpc/live.events`, which the server writes itself (each batch encoded once for
 * all its subscribers) instead of through tRPC's SSE producer: they must stay tRPC's frames to the
 * byte, since `httpSubscriptionLink` parses them (its `eventsource` client tolerates less than a
 * browser). The frames below are what tRPC 11's producer writes.
 */
describe('live events SSE frames', () => {
  let h: TestApp;
  let baseUrl: string;
  let admin: string;

  beforeAll(async () => {
    h = await createTestApp({ liveEvents: { pollMs: 20 } });
    await h.app.listen({ port: 0, host: '127.0.0.1' });
    baseUrl = `http://127.0.0.1:${(h.app.server.address() as AddressInfo).port}`;
    admin = await h.adminToken();
  });
  afterAll(async () => h.dispose());
  const opened: RawStream[] = [];
  // A failed test's streams would make the next one's count of subscribers wrong.
  afterEach(async () => {
    for (const stream of opened.splice(0)) stream.close();
    await vi.waitFor(() => expect(h.t.core.live.subscribers).toBe(0), WAIT);
  });

  const open = (query: string, headers: Record<string, string> = {}): RawStream => {
    let body = '';
    let status: number | undefined;
    let responseHeaders: Record<string, string | string[] | undefined> = {};
    let ended = false;
    const req = request(`${baseUrl}/trpc/live.events?${query}`, { headers });
    req.on('response', (res) => {
      status = res.statusCode;
      responseHeaders = res.headers;
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
    const stream: RawStream = {
      status: () => status,
      headers: () => responseHeaders,
      text: () => body,
      ended: () => ended,
      close: () => req.destroy(),
    };
    opened.push(stream);
    return stream;
  };
  const params = (value: unknown) => encodeURIComponent(JSON.stringify(value));
  const fire = async (token: string, instance: string) =>
    h.call('POST', '/api/v1/fire-alert', { token, body: { alertname: 'disk_full', instance } });

  it('opens with `connected`, then each batch as `data` with its last event id, as tRPC does', async () => {
    const rule = await seedApiRule(h.t, { name: 'Frames', endpointIds: [] });
    const stream = open(
      `input=${params({ ruleIds: [rule.ruleId] })}&connectionParams=${params({ token: admin })}`,
    );
    await vi.waitFor(() => expect(h.t.core.live.subscribers).toBe(1), WAIT);
    await vi.waitFor(() => expect(stream.status()).toBe(200), WAIT);
    expect(stream.headers()).toMatchObject({
      'content-type': 'text/event-stream',
      'cache-control': 'no-cache, no-transform',
      'x-accel-buffering': 'no',
      vary: 'trpc-accept',
    });
    expect(stream.headers()['x-request-id']).toBeTruthy();
    expect((await fire(rule.token, 'db-1')).statusCode).toBeLessThan(300);
    await vi.waitFor(() => expect(stream.text()).toContain('\nid: '), WAIT);
    const [connected, message] = stream.text().split('\n\n\n');
    expect(connected).toBe('event: connected\ndata: {}');
    const match = /^data: (.*)\nid: (.*)$/.exec(message ?? '');
    expect(match).not.toBeNull();
    const batch = JSON.parse(match?.[1] ?? '') as {
      events: { id: string; ruleId: string; change: string }[];
    };
    expect(batch.events.map((event) => [event.ruleId, event.change])).toEqual([[rule.ruleId, 'fired']]);
    expect(match?.[2]).toBe(batch.events.at(-1)?.id);
    stream.close();
    await vi.waitFor(() => expect(h.t.core.live.subscribers).toBe(0), WAIT);
  });

  it('resumes after the `Last-Event-ID` header, with the bearer token in a header', async () => {
    const rule = await seedApiRule(h.t, { name: 'Resume', endpointIds: [] });
    const first = open(`input=${params({ ruleIds: [rule.ruleId] })}`, { authorization: `Bearer ${admin}` });
    await vi.waitFor(() => expect(h.t.core.live.subscribers).toBe(1), WAIT);
    await fire(rule.token, 'db-1');
    await vi.waitFor(() => expect(first.text()).toContain('\nid: '), WAIT);
    const lastId = /\nid: (.*)\n/.exec(first.text())?.[1] ?? '';
    first.close();
    await vi.waitFor(() => expect(h.t.core.live.subscribers).toBe(0), WAIT);
    await fire(rule.token, 'db-2');

    const second = open(`input=${params({ ruleIds: [rule.ruleId] })}`, {
      authorization: `Bearer ${admin}`,
      'last-event-id': lastId,
    });
    await vi.waitFor(() => expect(second.text()).toContain('\nid: '), WAIT);
    const data = /\ndata: (.*)\nid: /.exec(second.text())?.[1] ?? '';
    const { events } = JSON.parse(data) as { events: { instanceId: string | null; change: string }[] };
    expect(events.map((event) => event.change)).toEqual(['fired']);
    second.close();
    await vi.waitFor(() => expect(h.t.core.live.subscribers).toBe(0), WAIT);
  });

  it('leaves HEAD and batch calls to tRPC', async () => {
    expect((await h.call('HEAD', '/trpc/live.events')).statusCode).toBe(204);
    const batch = await h.call('GET', '/trpc/live.events?batch=1&input=%7B%7D', { token: admin });
    expect(batch.statusCode).toBe(400);
    expect(batch.body).toContain('Cannot batch subscription calls');
  });

  it('ends a refused stream with `serialized-error`, and a stopping server with `return`', async () => {
    const refused = open(`connectionParams=${params({ token: 'not-a-token' })}`);
    await vi.waitFor(() => expect(refused.ended()).toBe(true), WAIT);
    const [connected, error] = refused.text().split('\n\n\n');
    expect(connected).toBe('event: connected\ndata: {}');
    expect(error).toMatch(/^event: serialized-error\ndata: /);
    expect(JSON.parse(error?.slice(error.indexOf('data: ') + 6) ?? '')).toMatchObject({
      data: { code: 'UNAUTHORIZED', httpStatus: 401 },
    });

    const open1 = open('', { authorization: `Bearer ${admin}` });
    await vi.waitFor(() => expect(h.t.core.live.subscribers).toBe(1), WAIT);
    h.t.core.live.close();
    await vi.waitFor(() => expect(open1.text()).toContain('return'), WAIT);
    await vi.waitFor(() => expect(open1.ended()).toBe(true), WAIT);
    expect(open1.text()).toBe('event: connected\ndata: {}\n\n\nevent: return\ndata: \n\n\n');
  });
});
