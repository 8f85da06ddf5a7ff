import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { SourceConnection, SourceContext } from '@oncall/plugin-sdk';
import { createTestContext } from '@oncall/plugin-sdk/testing';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { evaluate } from '../src/evaluate';

const WAIT = { timeout: 30_000, interval: 250 };

function binary(name: string): string | undefined {
  try {
    return execFileSync('which', [name], { encoding: 'utf8' }).trim() || undefined;
  } catch {
    return undefined;
  }
}
// Debian's `victoria-metrics` package, which CI installs (.ci/run): there, its absence fails the
// run instead of skipping it.
const VICTORIA_METRICS = binary('victoria-metrics');
if (VICTORIA_METRICS === undefined && process.env.CI) {
  throw new Error('CI must install the victoria-metrics package (.ci/run)');
}

const context = (): SourceContext => ({ ...createTestContext(), signal: AbortSignal.timeout(5_000) });
const rule = (queryText: string) => ({ id: 'rule-1', name: 'MySQL down', settings: { queryText } });

/**
 * PMM's textQuery rules against a real VictoriaMetrics on loopback, which serves the Prometheus
 * query API under `/prometheus` as PMM's does: its answers and its error answers are what the
 * fake gives.
 */
describe.skipIf(VICTORIA_METRICS === undefined)('the real VictoriaMetrics (as PMM runs it)', () => {
  let workDir = '';
  let child: ChildProcess | undefined;
  let base = '';

  beforeAll(async () => {
    workDir = mkdtempSync(join(tmpdir(), 'oncall-plugin-pmm-'));
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const address = probe.address();
    const port = typeof address === 'object' && address !== null ? address.port : 0;
    await new Promise((resolve) => probe.close(resolve));
    base = `http://127.0.0.1:${port}`;
    child = spawn(
      VICTORIA_METRICS ?? 'victoria-metrics',
      [
        `-httpListenAddr=127.0.0.1:${port}`,
        `-storageDataPath=${join(workDir, 'data')}`,
        // Recent samples are otherwise hidden from queries for 30 s.
        '-search.latencyOffset=0s',
        '-search.disableCache',
      ],
      { stdio: 'ignore' },
    );
    await vi.waitFor(async () => {
      const imported = await fetch(`${base}/api/v1/import/prometheus`, {
        method: 'POST',
        body: 'mysql_up{service_name="mysql-1",node_name="db-1"} 0\n',
      });
      expect(imported.status).toBe(204);
    }, WAIT);
  }, 60_000);

  afterAll(() => {
    child?.kill('SIGKILL');
    if (workDir) rmSync(workDir, { recursive: true, force: true });
  });

  const source = (url: string): SourceConnection => ({ id: 'ds-1', name: 'pmm', type: 'pmm', url });

  it('fires one alert per series through /prometheus/api/v1/query', async () => {
    // VictoriaMetrics makes an imported sample searchable within a few seconds, hence the wait.
    await vi.waitFor(async () => {
      const run = await evaluate(source(base), rule('mysql_up == 0'), context());
      expect(run.firing).toMatchObject([
        {
          name: 'MySQL down',
          labels: { service_name: 'mysql-1', node_name: 'db-1' },
          details: { value: '0' },
        },
      ]);
      expect(run.firing[0]?.labels).not.toHaveProperty('__name__');
    }, WAIT);
    const quiet = await evaluate(source(`${base}/prometheus`), rule('mysql_up == 1'), context());
    expect(quiet.firing).toEqual([]);
  }, 40_000);

  it("fails with VictoriaMetrics' own words for a bad expression", async () => {
    await expect(evaluate(source(base), rule('sum(rate('), context())).rejects.toThrow(
      /^HTTP 422 from \/prometheus\/api\/v1\/query: error when executing query=/,
    );
  });
});
