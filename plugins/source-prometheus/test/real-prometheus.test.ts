import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { SourceConnection, SourceContext } from '@oncall/plugin-sdk';
import { createTestContext } from '@oncall/plugin-sdk/testing';
import { alertmanagerFingerprint } from '@oncall/prometheus-client';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { evaluate, pollAlerts } from '../src/evaluate';

const WAIT = { timeout: 30_000, interval: 250 };

/** The Debian package's binary, which CI installs (see apps/server/test/real-prometheus-alertmanager.test.ts). */
function binary(name: string): string | undefined {
  try {
    return execFileSync('which', [name], { encoding: 'utf8' }).trim() || undefined;
  } catch {
    return undefined;
  }
}
const PROMETHEUS = binary('prometheus');
// CI installs it: there, its absence fails the run instead of skipping it.
if (PROMETHEUS === undefined && process.env.CI) {
  throw new Error('CI must install the prometheus package (.ci/run)');
}

const context = (): SourceContext => ({ ...createTestContext(), signal: AbortSignal.timeout(5_000) });
const rule = (queryText: string) => ({ id: 'rule-1', name: 'Broken', settings: { queryText } });

/**
 * The plugin's queries against the real Prometheus on loopback, scraping one gauge and evaluating
 * two alerting rules: what the fakes answer is what Prometheus answers.
 */
describe.skipIf(PROMETHEUS === undefined)('the real Prometheus', () => {
  let workDir = '';
  let target: Server;
  let prometheus: ChildProcess | undefined;
  let source: SourceConnection;

  const freePort = async () => {
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const { port } = probe.address() as AddressInfo;
    await new Promise((resolve) => probe.close(resolve));
    return port;
  };

  beforeAll(async () => {
    workDir = mkdtempSync(join(tmpdir(), 'oncall-plugin-prometheus-'));
    target = createServer((_request, response) => {
      response.setHeader('content-type', 'text/plain; version=0.0.4');
      response.end('# TYPE oncall_test_broken gauge\noncall_test_broken{service="checkout"} 1\n');
    });
    await new Promise<void>((resolve) => target.listen(0, '127.0.0.1', resolve));
    const targetPort = (target.address() as AddressInfo).port;
    writeFileSync(
      join(workDir, 'rules.yml'),
      [
        'groups:',
        '  - name: oncall',
        '    rules:',
        '      - alert: OncallTestBroken',
        '        expr: oncall_test_broken > 0',
        '        labels: { severity: critical }',
        '        annotations: { summary: "{{ $labels.service }} is broken" }',
        '      - alert: OncallTestPending',
        '        expr: oncall_test_broken > 0',
        '        for: 1h',
        '',
      ].join('\n'),
    );
    writeFileSync(
      join(workDir, 'prometheus.yml'),
      [
        'global: { scrape_interval: 1s, evaluation_interval: 1s }',
        'rule_files: [rules.yml]',
        'scrape_configs:',
        '  - job_name: target',
        `    static_configs: [{ targets: ['127.0.0.1:${targetPort}'] }]`,
        '',
      ].join('\n'),
    );
    const port = await freePort();
    prometheus = spawn(
      PROMETHEUS ?? 'prometheus',
      [
        `--config.file=${join(workDir, 'prometheus.yml')}`,
        `--storage.tsdb.path=${join(workDir, 'data')}`,
        `--web.listen-address=127.0.0.1:${port}`,
      ],
      { stdio: 'ignore' },
    );
    source = { id: 'ds-1', name: 'real', type: 'prometheus', url: `http://127.0.0.1:${port}` };
    await vi.waitFor(async () => {
      const run = await evaluate(source, rule('oncall_test_broken'), context());
      expect(run.firing).toHaveLength(1);
    }, WAIT);
  }, 60_000);

  afterAll(async () => {
    prometheus?.kill('SIGKILL');
    await new Promise((resolve) => target?.close(resolve));
    if (workDir) rmSync(workDir, { recursive: true, force: true });
  });

  it('fires one alert per series, without the metric name, fingerprinted as Prometheus would', async () => {
    const run = await evaluate(source, rule('oncall_test_broken'), context());
    const labels = {
      instance: expect.stringMatching(/^127\.0\.0\.1:\d+$/),
      job: 'target',
      service: 'checkout',
    };
    expect(run.firing).toMatchObject([{ name: 'Broken', status: 'firing', labels, details: { value: '1' } }]);
    const [alert] = run.firing;
    expect(alert?.labels).not.toHaveProperty('__name__');
    expect(alert?.fingerprint).toBe(alertmanagerFingerprint({ ...alert?.labels, alertname: 'Broken' }));
    expect(run.document).toMatchObject({ resultType: 'vector', series: 1 });
    expect((await evaluate(source, rule('oncall_test_broken > 5'), context())).firing).toEqual([]);
  });

  it('fires a scalar only when it is not 0', async () => {
    expect((await evaluate(source, rule('scalar(oncall_test_broken)'), context())).firing).toHaveLength(1);
    expect((await evaluate(source, rule('scalar(oncall_test_broken) > bool 5'), context())).firing).toEqual(
      [],
    );
  });

  it("fails with Prometheus's own words for a bad expression and a range vector", async () => {
    await expect(evaluate(source, rule('sum(rate('), context())).rejects.toThrow(
      /^HTTP 400 from \/api\/v1\/query: invalid parameter "query": .*parse error/,
    );
    await expect(evaluate(source, rule('oncall_test_broken[1m]'), context())).rejects.toThrow(
      'The query answers a range vector',
    );
  });

  it('polls the firing alert, not the pending one, with the fingerprint Alertmanager gives it', async () => {
    await vi.waitFor(async () => {
      const alerts = await pollAlerts(source, context());
      expect(alerts.map((alert) => alert.name)).toEqual(['OncallTestBroken']);
    }, WAIT);
    const [alert] = await pollAlerts(source, context());
    expect(alert).toMatchObject({
      status: 'firing',
      severity: 'critical',
      summary: 'checkout is broken',
      labels: { alertname: 'OncallTestBroken', job: 'target', service: 'checkout', severity: 'critical' },
    });
    expect(alert?.fingerprint).toBe(alertmanagerFingerprint(alert?.labels ?? {}));
    expect(alert?.startsAt).toMatch(/^\d{4}-\d{2}-\d{2}T/);
  });
});
