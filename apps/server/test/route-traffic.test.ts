import { Counter, Histogram, Registry } from 'prom-client';
import { describe, expect, it } from 'vitest';
import { RouteTraffic } from '../src/http/route-traffic';

const BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5];

/** What prom-client's own counter and histogram print for the same requests: the format scrapers know. */
async function promClientText(requests: ReadonlyArray<[string, string, number, number]>): Promise<string> {
  const registry = new Registry();
  const labelNames = ['method', 'route', 'status'] as const;
  const counter = new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests by method, route and status',
    labelNames,
    registers: [registry],
  });
  const histogram = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP request latency by method, route and status',
    labelNames,
    buckets: BUCKETS,
    registers: [registry],
  });
  for (const [method, route, status, seconds] of requests) {
    const labels = { method, route, status: String(status) };
    counter.inc(labels);
    histogram.observe(labels, seconds);
  }
  return registry.metrics();
}

describe('route traffic metrics', () => {
  it('prints what prom-client printed for the same requests: counts, cumulative buckets, sum and count', async () => {
    const requests: Array<[string, string, number, number]> = [
      ['GET', '/api/v1/heartbeat/:token', 200, 0.0004],
      ['GET', '/api/v1/heartbeat/:token', 200, 0.001],
      ['GET', '/api/v1/heartbeat/:token', 200, 0.0031],
      ['GET', '/api/v1/heartbeat/:token', 404, 0.002],
      ['POST', '/api/v1/heartbeat/:token/:action', 200, 7.5],
      ['GET', '(unmatched)', 404, 0.25],
    ];
    const traffic = new RouteTraffic(BUCKETS);
    const registry = new Registry();
    traffic.register(registry);
    for (const [method, route, status, seconds] of requests) traffic.record(method, route, status, seconds);
    const lines = (text: string) => text.split('\n').sort();
    expect(lines(await registry.metrics())).toEqual(lines(await promClientText(requests)));
  });

  it('counts on from where it was at the last scrape, and starts over when the registry is reset', async () => {
    const traffic = new RouteTraffic(BUCKETS);
    const registry = new Registry();
    traffic.register(registry);
    traffic.record('GET', '/healthz', 200, 0.001);
    await registry.metrics();
    traffic.record('GET', '/healthz', 200, 0.001);
    expect(await registry.metrics()).toContain(
      'http_requests_total{method="GET",route="/healthz",status="200"} 2',
    );
    registry.resetMetrics();
    traffic.record('GET', '/healthz', 200, 0.001);
    expect(await registry.metrics()).toContain(
      'http_requests_total{method="GET",route="/healthz",status="200"} 1',
    );
  });
});
