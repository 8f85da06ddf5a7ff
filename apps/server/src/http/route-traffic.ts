import type { Metric, Registry } from 'prom-client';

type RouteLabels = { method: string; route: string; status: string };

/** One method, route template and status: its requests so far, their total and their buckets. */
interface Tally {
  readonly labels: RouteLabels;
  count: number;
  sum: number;
  /** Requests per bucket, not cumulative; the last slot is beyond the highest bound (`+Inf` only). */
  readonly perBucket: number[];
}

type Sample = { metricName: string; labels: Record<string, string | number>; value: number };

/**
 * `http_requests_total` and `http_request_duration_seconds` by method, route template and status,
 * tallied in plain numbers as each request ends and written out as Prometheus series only when
 * scraped. prom-client's own counter and histogram hash their labels on every call, which was
 * measurable on the heartbeat ping route (docs/benchmarks.md); the series they printed are printed
 * the same here (names, labels, cumulative buckets, `_sum` and `_count`).
 */
export class RouteTraffic {
  private readonly tallies = new Map<string, Tally>();

  constructor(private readonly buckets: readonly number[]) {}

  /** Counts one finished request and how long it took, in seconds. */
  record(method: string, route: string, status: number, seconds: number): void {
    const key = `${method} ${status} ${route}`;
    let tally = this.tallies.get(key);
    if (tally === undefined) {
      tally = {
        labels: { method, route, status: String(status) },
        count: 0,
        sum: 0,
        perBucket: new Array<number>(this.buckets.length + 1).fill(0),
      };
      this.tallies.set(key, tally);
    }
    tally.count++;
    tally.sum += seconds;
    // The first bound the time is within, as Prometheus buckets read (`le`).
    let bucket = 0;
    while (bucket < this.buckets.length && seconds > (this.buckets[bucket] ?? Number.POSITIVE_INFINITY))
      bucket++;
    tally.perBucket[bucket] = (tally.perBucket[bucket] ?? 0) + 1;
  }

  /** Puts both series in a registry, to be printed with its other metrics. */
  register(registry: Registry): void {
    const counter = this.metric(
      'http_requests_total',
      'HTTP requests by method, route and status',
      'counter',
      () =>
        [...this.tallies.values()].map((tally) => ({
          metricName: 'http_requests_total',
          labels: { ...tally.labels },
          value: tally.count,
        })),
    );
    const histogram = this.metric(
      'http_request_duration_seconds',
      'HTTP request latency by method, route and status',
      'histogram',
      () => [...this.tallies.values()].flatMap((tally) => this.histogramSamples(tally)),
    );
    // prom-client's registry prints any object of this shape (`get`, `reset`); its types name only
    // its own classes.
    registry.registerMetric(counter as unknown as Metric);
    registry.registerMetric(histogram as unknown as Metric);
  }

  private histogramSamples(tally: Tally): Sample[] {
    const name = 'http_request_duration_seconds';
    let cumulative = 0;
    const samples: Sample[] = this.buckets.map((bound, i) => {
      cumulative += tally.perBucket[i] ?? 0;
      return { metricName: `${name}_bucket`, labels: { le: bound, ...tally.labels }, value: cumulative };
    });
    samples.push(
      { metricName: `${name}_bucket`, labels: { le: '+Inf', ...tally.labels }, value: tally.count },
      { metricName: `${name}_sum`, labels: { ...tally.labels }, value: tally.sum },
      { metricName: `${name}_count`, labels: { ...tally.labels }, value: tally.count },
    );
    return samples;
  }

  private metric(name: string, help: string, type: 'counter' | 'histogram', values: () => Sample[]) {
    return {
      name,
      help,
      type,
      aggregator: 'sum' as const,
      get: async () => ({ name, help, type, aggregator: 'sum' as const, values: values() }),
      reset: () => this.tallies.clear(),
    };
  }
}
