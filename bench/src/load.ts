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
  /** CPU the serving process spent per request, when the run was given a way to read it. */
  cpuMsPerRequest?: number;
}

export interface LoadSpec {
  name: string;
  url: string;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
  /** A body made afresh for every request (a new alert instance each time); replaces `body`. */
  nextBody?: () => string;
  /** A path made afresh for every request (a different heartbeat's ping URL each time). */
  nextPath?: () => string;
  connections: number;
  seconds: number;
  /** Reads the serving process's CPU time in ms, to report CPU per request. */
  cpuMs?: () => number;
}

/** One autocannon run, reduced to the figures docs/benchmarks.md records. */
export async function runLoad(spec: LoadSpec): Promise<LoadResult> {
  const { nextBody, nextPath } = spec;
  const cpuBefore = spec.cpuMs?.();
  const result = await autocannon({
    url: spec.url,
    method: spec.method ?? 'GET',
    headers: spec.headers,
    body: spec.body,
    connections: spec.connections,
    duration: spec.seconds,
    ...(nextBody || nextPath
      ? {
          requests: [
            {
              setupRequest: (request) => ({
                ...request,
                ...(nextBody ? { body: nextBody() } : {}),
                ...(nextPath ? { path: nextPath() } : {}),
              }),
            },
          ],
        }
      : {}),
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
    ...(spec.cpuMs && cpuBefore !== undefined && result.requests.total > 0
      ? { cpuMsPerRequest: (spec.cpuMs() - cpuBefore) / result.requests.total }
      : {}),
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

/**
 * Each result against the baseline measured in the same run: throughput as a share of the
 * baseline's, latencies as multiples of the baseline's.
 */
export function printRatios(results: LoadResult[], baseline: LoadResult): void {
  const times = (value: number, base: number) => (base > 0 ? `${(value / base).toFixed(2)}×` : '-');
  const cpu = (r: LoadResult) => (r.cpuMsPerRequest === undefined ? '-' : r.cpuMsPerRequest.toFixed(2));
  console.log(
    '| benchmark | req/s ÷ baseline | p50 ÷ baseline | p99 ÷ baseline | server CPU ms/request | CPU ÷ baseline |',
  );
  console.log('|---|---:|---:|---:|---:|---:|');
  for (const r of [baseline, ...results]) {
    const cpuRatio =
      r.cpuMsPerRequest === undefined || baseline.cpuMsPerRequest === undefined
        ? '-'
        : times(r.cpuMsPerRequest, baseline.cpuMsPerRequest);
    console.log(
      `| ${r.name} | ${times(r.rps, baseline.rps)} | ${times(r.p50, baseline.p50)} | ${times(r.p99, baseline.p99)} | ${cpu(r)} | ${cpuRatio} |`,
    );
  }
}
