import { createBenchDatabase } from './bench-database';
import { startServerProcess } from './server-process';
import { fragmentCycles, fragmentFanOut } from './stall-guard/graphql-corpus';
const database = await createBenchDatabase();
const server = await startServerProcess(database.url, 3971);
try {
  const docs: Array<[string,string]> = JSON.parse(process.env.DOCS ?? '[]').map((d: [string, string]) => d);
  const gen: Record<string, (a: number, b: number, c: number, d?: number) => string> = { ring: fragmentCycles, fan: fragmentFanOut };
  for (const spec of (process.env.SPECS ?? '').split(';').filter(Boolean)) {
    const [kind, a, b, c, d] = spec.split(',');
    const q = gen[kind ?? 'ring']?.(Number(a), Number(b), Number(c)) ?? '';
    const t = performance.now();
    const r = await fetch(`${server.url}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/graphql-response+json' }, body: JSON.stringify({ query: q, operationName: 'Q0' }), signal: AbortSignal.timeout(120000) });
    const text = await r.text();
    console.log(spec, q.length, 'chars', r.status, (performance.now() - t).toFixed(0), 'ms', text.slice(0, 200));
  }
  void docs;
} finally { await server.kill(); await database.drop(); }
