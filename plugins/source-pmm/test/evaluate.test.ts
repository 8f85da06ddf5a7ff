import { type FakePrometheus, startFakePmm } from '@oncall/fakes';
import { type SourceConnection, type SourceContext, SourceQueryError } from '@oncall/plugin-sdk';
import { createTestContext } from '@oncall/plugin-sdk/testing';
import { alertmanagerFingerprint } from '@oncall/prometheus-client';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import pmm from '../src';
import { evaluate, pollAlerts } from '../src/evaluate';

const context = (signal?: AbortSignal): SourceContext => ({ ...createTestContext(), signal });
const connection = (url: string): SourceConnection => ({ id: 'ds-1', name: 'pmm', type: 'pmm', url });
const rule = (queryText: string) => ({
  id: 'rule-1',
  name: 'MySQL down',
  settings: { queryType: 'textQuery', queryText, dataSourceIds: ['ds-1'] },
});

let fake: FakePrometheus;
beforeEach(async () => {
  fake = await startFakePmm({
    series: [{ labels: { __name__: 'mysql_up', service_name: 'mysql-1', node_name: 'db-1' }, value: '0' }],
  });
});
afterEach(async () => {
  await fake.close();
});

describe('PMM evaluate (textQuery rules)', () => {
  it('is declared on the source', () => {
    expect(pmm.evaluate).toBe(evaluate);
    expect(pmm.pollAlerts).toBe(pollAlerts);
  });

  it("queries PMM's VictoriaMetrics under /prometheus, from the server's URL or that path", async () => {
    for (const url of [fake.url, `${fake.url}/`, `${fake.url}/prometheus`, `${fake.url}/prometheus/`]) {
      const run = await evaluate(connection(url), rule('mysql_up == 0'), context());
      expect(run.firing).toMatchObject([
        {
          name: 'MySQL down',
          labels: { service_name: 'mysql-1', node_name: 'db-1' },
          details: { value: '0' },
        },
      ]);
    }
    expect(fake.requests.map((request) => request.path)).toEqual(Array(4).fill('/prometheus/api/v1/query'));
    expect(fake.queries).toEqual(Array(4).fill('mysql_up == 0'));
  });

  it("throws VictoriaMetrics' message for an error answer, and for a malformed one", async () => {
    fake.setMode('error');
    await expect(evaluate(connection(fake.url), rule('sum(rate('), context())).rejects.toThrow(
      /^HTTP 400 from \/prometheus\/api\/v1\/query: invalid parameter "query"/,
    );
    fake.setMode('malformed');
    await expect(evaluate(connection(fake.url), rule('up'), context())).rejects.toThrow(
      new SourceQueryError('Unexpected answer from /prometheus/api/v1/query.'),
    );
  });

  it('gives up when PMM never answers', async () => {
    fake.setMode('hang');
    await expect(
      evaluate(connection(fake.url), rule('up'), context(AbortSignal.timeout(200))),
    ).rejects.toMatchObject({ name: 'TimeoutError' });
  });
});

describe('PMM pollAlerts (Percona Alerting)', () => {
  // Grafana's Prometheus-format alerts list, as PMM's Grafana serves it under /graph.
  const alerting = {
    labels: {
      alertname: 'pmm_mysql_down Alerting Rule',
      service_name: 'mysql-1',
      node_name: 'db-1',
      severity: 'critical',
      grafana_folder: 'MySQL',
    },
    annotations: { summary: 'MySQL down (mysql-1)' },
    state: 'Alerting',
    activeAt: '2024-05-01T09:00:10Z',
    value: "[ var='A' labels={service_name=mysql-1} value=0 ]",
  };

  it('lists the alerting ones from /graph, by the server URL or its /prometheus path', async () => {
    fake.setAlerts([
      alerting,
      { ...alerting, labels: { ...alerting.labels, service_name: 'mysql-2' }, state: 'Pending' },
    ]);
    for (const url of [fake.url, `${fake.url}/prometheus`]) {
      const alerts = await pollAlerts(connection(url), context());
      expect(alerts).toMatchObject([
        {
          name: 'pmm_mysql_down Alerting Rule',
          status: 'firing',
          severity: 'critical',
          instance: 'mysql-1',
          summary: 'MySQL down (mysql-1)',
          startsAt: '2024-05-01T09:00:10.000Z',
          fingerprint: alertmanagerFingerprint(alerting.labels),
        },
      ]);
    }
    expect(fake.requests.map((request) => request.path)).toEqual(
      Array(2).fill('/graph/api/prometheus/grafana/api/v1/alerts'),
    );
  });

  it('throws for an error answer', async () => {
    fake.setMode('error');
    await expect(pollAlerts(connection(fake.url), context())).rejects.toThrow(
      'HTTP 503 from /graph/api/prometheus/grafana/api/v1/alerts: not ready',
    );
  });
});
