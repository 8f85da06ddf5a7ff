/** Latency figures of one paced run, in milliseconds. */
export interface LatencyResult {
  name: string;
  count: number;
  /** Sent but never timed (no answer, or never delivered within the wait). */
  missing: number;
  p50: number;
  p99: number;
  max: number;
}

export function latencyResult(name: string, samples: number[], expected: number): LatencyResult {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (p: number) =>
    sorted[Math.max(0, Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1))] ?? 0;
  return {
    name,
    count: sorted.length,
    missing: expected - sorted.length,
    p50: at(0.5),
    p99: at(0.99),
    max: at(1),
  };
}

/**
 * Calls `send(i)` for i = 0 … rate × seconds − 1 at a steady rate, each at its own moment whether
 * or not earlier calls have finished (an open loop, as monitoring systems send).
 */
export async function paced(
  rate: number,
  seconds: number,
  send: (i: number) => Promise<void>,
): Promise<void> {
  const total = rate * seconds;
  const start = performance.now();
  const calls: Promise<void>[] = [];
  for (let i = 0; i < total; i++) {
    const wait = start + (i * 1000) / rate - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    calls.push(send(i));
  }
  await Promise.all(calls);
}

export function printLatencies(results: LatencyResult[], baseline: LatencyResult): void {
  const ms = (value: number) => value.toFixed(1);
  const times = (value: number, base: number) => (base > 0 ? `${(value / base).toFixed(1)}×` : '-');
  console.log('| run | timed | missing | p50 ms | p99 ms | max ms | p50 ÷ baseline | p99 ÷ baseline |');
  console.log('|---|---:|---:|---:|---:|---:|---:|---:|');
  for (const r of [baseline, ...results]) {
    console.log(
      `| ${r.name} | ${r.count} | ${r.missing} | ${ms(r.p50)} | ${ms(r.p99)} | ${ms(r.max)} | ${times(r.p50, baseline.p50)} | ${times(r.p99, baseline.p99)} |`,
    );
  }
}
