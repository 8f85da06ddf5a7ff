import autocannon from 'autocannon';

export interface LoadResult {
  name: string;
  connections: number;
  seconds: number;
  requests: number;
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
}

export interface LoadSpec {
  name: string;
  url: string;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
  connections: number;
  seconds: number;
}

/** One autocannon run, reduced to the figures docs/benchmarks.md records. */
export async function runLoad(spec: LoadSpec): Promise<LoadResult> {
  const result = await autocannon({
    url: spec.url,
    method: spec.method ?? 'GET',
    headers: spec.headers,
    body: spec.body,
    connections: spec.connections,
    duration: spec.seconds,
  });
  return {
    name: spec.name,
    connections: spec.connections,
    seconds: spec.seconds,
    requests: result.requests.total,
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  };
}

export function printTable(results: LoadResult[]): void {
  const header =
    '| benchmark | connections | duration | requests | req/s | p50 ms | p99 ms | non-2xx | errors |';
  const rule = '|---|---:|---:|---:|---:|---:|---:|---:|---:|';
  const rows = results.map(
    (r) =>
      `| ${r.name} | ${r.connections} | ${r.seconds} s | ${r.requests} | ${r.rps} | ${r.p50} | ${r.p99} | ${r.non2xx} | ${r.errors} |`,
  );
  console.log([header, rule, ...rows].join('\n'));
}
