import { type FakePrometheus, jsonReply, startFakePrometheus, textReply } from '@oncall/fakes';
import { type SourceConnection, type SourceContext, SourceQueryError } from '@oncall/plugin-sdk';
import { createTestContext } from '@oncall/plugin-sdk/testing';
import { alertmanagerFingerprint } from '@oncall/prometheus-client';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import prometheus from '../src';
import { evaluate, pollAlerts } from '../src/evaluate';

const context = (signal?: AbortSignal): SourceContext => ({ ...createTestContext(), signal });
const connection = (url: string): SourceConnection => ({ id: 'ds-1', name: 'prom', type: 'prometheus', url });
const rule = (queryText: string) => ({
  id: 'rule-1',
  name: 'Too many 5xx',
  settings: { queryType: 'textQuery', queryText, dataSourceIds: [] },
});

let fake: FakePrometheus;
beforeEach(async () => {
  fake = await startFakePrometheus();
});
afterEach(async () => {
  await fake.close();
});

describe('Prometheus evaluate (textQuery rules)', () => {
  it('is declared on the source', () => {
    expect(prometheus.evaluate).toBe(evaluate);
    expect(prometheus.pollAlerts).toBe(pollAlerts);
  });

  it('sends the query text as an instant query and fires one alert per series', async () => {
    fake.setSeries([
      { labels: { __name__: 'http_5xx', job: 'api', instance: 'api-1:8080' }, value: '12.5' },
      { labels: { job: 'api', instance: 'api-2:8080', alertname: 'ApiErrors' }, value: 'NaN' },
    ]);
    const run = await evaluate(
      connection(fake.url),
      rule('sum by (job, instance) (rate(http_5xx[5m])) > 10'),
      context(),
    );
    expect(fake.requests).toMatchObject([
      {
        method: 'GET',
        path: '/api/v1/query',
        query: { query: 'sum by (job, instance) (rate(http_5xx[5m])) > 10' },
      },
    ]);
    expect(run.firing).toStrictEqual([
      {
        name: 'Too many 5xx',
        status: 'firing',
        instance: 'api-1:8080',
        // Prometheus drops the metric name from alert labels.
        labels: { job: 'api', instance: 'api-1:8080' },
        annotations: {},
        fingerprint: alertmanagerFingerprint({
          job: 'api',
          instance: 'api-1:8080',
          alertname: 'Too many 5xx',
        }),
        details: { value: '12.5' },
      },
      {
        name: 'ApiErrors',
        status: 'firing',
        instance: 'api-2:8080',
        labels: { job: 'api', instance: 'api-2:8080', alertname: 'ApiErrors' },
        annotations: {},
        fingerprint: alertmanagerFingerprint({ job: 'api', instance: 'api-2:8080', alertname: 'ApiErrors' }),
        details: { value: 'NaN' },
      },
    ]);
    expect(run.document).toStrictEqual({
      query: 'sum by (job, instance) (rate(http_5xx[5m])) > 10',
      resultType: 'vector',
      series: 2,
      values: [
        { labels: { job: 'api', instance: 'api-1:8080' }, value: '12.5' },
        { labels: { job: 'api', instance: 'api-2:8080', alertname: 'ApiErrors' }, value: 'NaN' },
      ],
    });
  });

  it('fires nothing for an empty vector', async () => {
    const run = await evaluate(connection(fake.url), rule('up == 0'), context());
    expect(run).toStrictEqual({
      firing: [],
      document: { query: 'up == 0', resultType: 'vector', series: 0, values: [] },
    });
  });

  it('keeps the server base path and answers VictoriaMetrics the same', async () => {
    const vm = await startFakePrometheus({
      victoriaMetrics: true,
      queryPrefix: '/select/0/prometheus',
      series: [{ labels: { job: 'node' }, value: '1' }],
    });
    try {
      const run = await evaluate(connection(`${vm.url}/select/0/prometheus/`), rule('up == 0'), context());
      expect(run.firing.map((alert) => alert.labels)).toEqual([{ job: 'node' }]);
      expect(vm.requests[0]?.path).toBe('/select/0/prometheus/api/v1/query');
    } finally {
      await vm.close();
    }
  });

  it('fires a scalar only when it is neither 0 nor NaN', async () => {
    fake.setScalar('1');
    const fired = await evaluate(connection(fake.url), rule('scalar(up) > bool 0'), context());
    expect(fired.firing).toMatchObject([{ name: 'Too many 5xx', labels: {}, details: { value: '1' } }]);
    expect(fired.document).toStrictEqual({
      query: 'scalar(up) > bool 0',
      resultType: 'scalar',
      value: '1',
      series: 1,
    });
    for (const value of ['0', 'NaN']) {
      fake.setScalar(value);
      const quiet = await evaluate(connection(fake.url), rule('scalar(up) > bool 0'), context());
      expect(quiet.firing).toEqual([]);
      expect(quiet.document).toMatchObject({ value, series: 0 });
    }
  });

  it('caps the alerts of one run and says so in the document', async () => {
    fake.setSeries(Array.from({ length: 1005 }, (_, i) => ({ labels: { pod: `p-${i}` }, value: '1' })));
    const run = await evaluate(connection(fake.url), rule('up'), context());
    expect(run.firing).toHaveLength(1000);
    expect(run.document).toMatchObject({ series: 1005, truncated: true, firing: 1000 });
    expect(run.document.values).toHaveLength(20);
  });

  it("throws Prometheus's own message for an error answer", async () => {
    fake.setMode('error');
    await expect(evaluate(connection(fake.url), rule('sum(rate('), context())).rejects.toThrow(
      new SourceQueryError(
        'HTTP 400 from /api/v1/query: invalid parameter "query": 1:9: parse error: unexpected end of input',
      ),
    );
    // https://prometheus.io/docs/prometheus/latest/querying/api/#format-overview: 422 when the
    // expression cannot be executed, 503 when it timed out or was aborted.
    fake.replyNext(
      jsonReply(422, { status: 'error', errorType: 'execution', error: 'many-to-many matching not allowed' }),
      jsonReply(503, {
        status: 'error',
        errorType: 'timeout',
        error: 'query timed out in expression evaluation',
      }),
    );
    fake.setMode('answer');
    await expect(evaluate(connection(fake.url), rule('a * b'), context())).rejects.toThrow(
      'HTTP 422 from /api/v1/query: many-to-many matching not allowed',
    );
    await expect(evaluate(connection(fake.url), rule('a * b'), context())).rejects.toThrow(
      'HTTP 503 from /api/v1/query: query timed out in expression evaluation',
    );
  });

  it('throws for a range vector, a malformed answer, a body that is not JSON and a partial answer', async () => {
    fake.replyNext(
      jsonReply(200, { status: 'success', data: { resultType: 'matrix', result: [] } }),
      textReply(200, 'Prometheus is Healthy.'),
      jsonReply(200, { status: 'success', isPartial: true, data: { resultType: 'vector', result: [] } }),
    );
    await expect(evaluate(connection(fake.url), rule('up[5m]'), context())).rejects.toThrow(
      'The query answers a range vector; an alert query must answer an instant vector or a scalar.',
    );
    await expect(evaluate(connection(fake.url), rule('up'), context())).rejects.toThrow(
      'The answer from /api/v1/query is not JSON.',
    );
    await expect(evaluate(connection(fake.url), rule('up'), context())).rejects.toThrow(
      'A partial answer from /api/v1/query: some storage nodes did not answer.',
    );
    fake.setMode('malformed');
    await expect(evaluate(connection(fake.url), rule('up'), context())).rejects.toThrow(
      new SourceQueryError('Unexpected answer from /api/v1/query.'),
    );
  });

  it('gives up when the server never answers, on the signal it is handed', async () => {
    fake.setMode('hang');
    await expect(
      evaluate(connection(fake.url), rule('up'), context(AbortSignal.timeout(200))),
    ).rejects.toMatchObject({ name: 'TimeoutError' });
  });

  it('refuses a rule without query text', async () => {
    await expect(
      evaluate(
        connection(fake.url),
        { id: 'r', name: 'dyn', settings: { dataSourceAlertName: 'X' } },
        context(),
      ),
    ).rejects.toThrow('The rule "dyn" has no query text.');
    expect(fake.requests).toEqual([]);
  });
});

describe('Prometheus pollAlerts', () => {
  // https://prometheus.io/docs/prometheus/latest/querying/api/#alerts
  const firing = {
    labels: { alertname: 'InstanceDown', instance: 'db-1:9100', job: 'node', severity: 'critical' },
    annotations: { summary: 'db-1 is down', description: 'db-1:9100 has been down for 5 minutes.' },
    state: 'firing',
    activeAt: '2024-07-09T22:14:05.11226318+02:00',
    value: '0e+00',
  };
  const pending = { ...firing, labels: { ...firing.labels, instance: 'db-2:9100' }, state: 'pending' };

  it('lists the firing alerts with the label fingerprint Alertmanager gives them', async () => {
    fake.setAlerts([firing, pending]);
    const alerts = await pollAlerts(connection(fake.url), context());
    expect(fake.requests).toMatchObject([{ method: 'GET', path: '/api/v1/alerts' }]);
    expect(alerts).toStrictEqual([
      {
        name: 'InstanceDown',
        status: 'firing',
        severity: 'critical',
        instance: 'db-1:9100',
        summary: 'db-1 is down',
        description: 'db-1:9100 has been down for 5 minutes.',
        labels: firing.labels,
        annotations: firing.annotations,
        startsAt: '2024-07-09T20:14:05.112Z',
        fingerprint: alertmanagerFingerprint(firing.labels),
        details: { value: '0e+00' },
      },
    ]);
  });

  it('is the same instance as the alert Prometheus pushes (Alertmanager API v2)', async () => {
    fake.setAlerts([firing]);
    const [polled] = await pollAlerts(connection(fake.url), context());
    if (!prometheus.capabilities.webhook) throw new Error('prometheus takes webhooks');
    const [pushed] = prometheus.normalize({
      alerts: [
        { status: 'firing', labels: firing.labels, fingerprint: alertmanagerFingerprint(firing.labels) },
      ],
    });
    expect(polled?.fingerprint).toBe(pushed?.fingerprint);
  });

  it('throws for an error answer, a malformed one and a server that never answers', async () => {
    fake.setMode('error');
    await expect(pollAlerts(connection(fake.url), context())).rejects.toThrow(
      'HTTP 503 from /api/v1/alerts: not ready',
    );
    fake.setMode('malformed');
    await expect(pollAlerts(connection(fake.url), context())).rejects.toThrow(
      'Unexpected answer from /api/v1/alerts.',
    );
    fake.setMode('hang');
    await expect(pollAlerts(connection(fake.url), context(AbortSignal.timeout(200)))).rejects.toMatchObject({
      name: 'TimeoutError',
    });
  });
});
