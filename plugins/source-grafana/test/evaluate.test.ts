import { FAKE_GRAFANA_DATASOURCE_UID, type FakePrometheus, startFakeGrafana } from '@oncall/fakes';
import { type SourceConnection, type SourceContext, SourceQueryError } from '@oncall/plugin-sdk';
import { createTestContext } from '@oncall/plugin-sdk/testing';
import { alertmanagerFingerprint } from '@oncall/prometheus-client';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import grafana from '../src';
import { evaluate, pollAlerts } from '../src/evaluate';

const context = (signal?: AbortSignal): SourceContext => ({ ...createTestContext(), signal });
const connection = (url: string): SourceConnection => ({ id: 'ds-1', name: 'grafana', type: 'grafana', url });
const rule = (queryText: string, datasourceUid = FAKE_GRAFANA_DATASOURCE_UID) => ({
  id: 'rule-1',
  name: 'Checkout latency',
  settings: { queryType: 'textQuery', queryText, queryObject: { datasourceUid, interval: '1m' } },
});

let fake: FakePrometheus;
beforeEach(async () => {
  fake = await startFakeGrafana({
    series: [{ labels: { __name__: 'latency', service: 'checkout' }, value: '2.5' }],
  });
});
afterEach(async () => {
  await fake.close();
});

describe('Grafana rule fields', () => {
  const textQuery = () => {
    const fields = grafana.ruleFields;
    const schema = fields && 'byQueryType' in fields ? fields.byQueryType.textQuery : undefined;
    if (schema === undefined) throw new Error('grafana has a textQuery variant');
    return schema;
  };
  const issues = (body: unknown) => {
    const parsed = textQuery().safeParse(body);
    return parsed.success ? [] : parsed.error.issues.map((issue) => [issue.path.join('.'), issue.message]);
  };

  it('requires the Grafana data source uid in queryObject, beside the evaluation options', () => {
    expect(issues({ queryText: 'up' })).toEqual([['queryObject', 'The query object must be an object.']]);
    expect(issues({ queryText: 'up', queryObject: { interval: '1m' } })).toEqual([
      ['queryObject.datasourceUid', 'The datasource uid field is required.'],
    ]);
    expect(issues({ queryText: 'up', queryObject: { datasourceUid: '../admin' } })).toEqual([
      ['queryObject.datasourceUid', 'The datasource uid may only contain letters, digits, - and _.'],
    ]);
    expect(issues({ queryText: 'up', queryObject: { datasourceUid: 'x'.repeat(41) } })).toEqual([
      ['queryObject.datasourceUid', 'The datasource uid may not be greater than 40 characters.'],
    ]);
    expect(
      issues({ queryText: 'up', queryObject: { datasourceUid: 'abc', interval: '30s', timeout: '40s' } }),
    ).toEqual([['queryObject.timeout', 'The timeout may not be longer than the interval.']]);
  });

  it('stores what it accepts as it is, so that it parses to itself', () => {
    const body = {
      queryText: 'up',
      queryObject: { datasourceUid: 'P1809F7CD0C75ACF3', for: '2m' },
      dataSourceIds: [],
    };
    const parsed = textQuery().parse(body);
    expect(parsed).toEqual(body);
    expect(textQuery().parse(parsed)).toEqual(parsed);
  });
});

describe('Grafana evaluate (textQuery rules)', () => {
  it('is declared on the source', () => {
    expect(grafana.evaluate).toBe(evaluate);
    expect(grafana.pollAlerts).toBe(pollAlerts);
  });

  it("queries the rule's Prometheus data source through Grafana's data source proxy", async () => {
    const run = await evaluate(connection(fake.url), rule('latency > 2'), context());
    expect(fake.requests).toMatchObject([
      {
        method: 'GET',
        path: `/api/datasources/proxy/uid/${FAKE_GRAFANA_DATASOURCE_UID}/api/v1/query`,
        query: { query: 'latency > 2' },
      },
    ]);
    expect(run.firing).toStrictEqual([
      {
        name: 'Checkout latency',
        status: 'firing',
        instance: undefined,
        labels: { service: 'checkout' },
        annotations: {},
        fingerprint: alertmanagerFingerprint({ service: 'checkout', alertname: 'Checkout latency' }),
        details: { value: '2.5' },
      },
    ]);
    expect(run.document).toMatchObject({ query: 'latency > 2', resultType: 'vector', series: 1 });
  });

  it('throws for a data source Grafana does not have, an error answer, a malformed one', async () => {
    await expect(evaluate(connection(fake.url), rule('up', 'other'), context())).rejects.toThrow(
      'HTTP 404 from /api/datasources/proxy/uid/other/api/v1/query: Not found',
    );
    fake.setMode('error');
    await expect(evaluate(connection(fake.url), rule('sum(rate('), context())).rejects.toThrow(
      /: invalid parameter "query": 1:9: parse error: unexpected end of input$/,
    );
    fake.setMode('malformed');
    await expect(evaluate(connection(fake.url), rule('up'), context())).rejects.toBeInstanceOf(
      SourceQueryError,
    );
  });

  it('gives up when Grafana never answers', async () => {
    fake.setMode('hang');
    await expect(
      evaluate(connection(fake.url), rule('up'), context(AbortSignal.timeout(200))),
    ).rejects.toMatchObject({ name: 'TimeoutError' });
  });

  it('refuses a rule without a data source uid before sending anything', async () => {
    await expect(
      evaluate(connection(fake.url), { id: 'r', name: 'old', settings: { queryText: 'up' } }, context()),
    ).rejects.toThrow(
      'The rule "old" needs query text and a Grafana data source uid (queryObject.datasourceUid).',
    );
    expect(fake.requests).toEqual([]);
  });
});

describe('Grafana pollAlerts', () => {
  // Grafana-managed alerts in the Prometheus format, GET /api/prometheus/grafana/api/v1/alerts.
  const alert = (state: string, instance: string) => ({
    labels: { alertname: 'High memory usage', grafana_folder: 'Databases', instance, severity: 'warning' },
    annotations: { summary: `Memory high on ${instance}` },
    state,
    activeAt: state === 'Normal' ? '0001-01-01T00:00:00Z' : '2024-05-01T09:01:10Z',
    value: '93.2',
  });

  it('lists Alerting (with any reason), firing and Recovering alerts; not Pending, Normal, NoData or Error', async () => {
    fake.setAlerts([
      alert('Alerting', 'db-1:9100'),
      alert('Alerting (NoData)', 'db-2:9100'),
      alert('firing', 'db-3:9100'),
      alert('Recovering', 'db-4:9100'),
      alert('Pending', 'db-5:9100'),
      alert('Normal', 'db-6:9100'),
      alert('NoData', 'db-7:9100'),
      alert('Error', 'db-8:9100'),
    ]);
    const alerts = await pollAlerts(connection(fake.url), context());
    expect(fake.requests).toMatchObject([{ method: 'GET', path: '/api/prometheus/grafana/api/v1/alerts' }]);
    expect(alerts.map((polled) => polled.instance)).toEqual([
      'db-1:9100',
      'db-2:9100',
      'db-3:9100',
      'db-4:9100',
    ]);
    expect(alerts[0]).toStrictEqual({
      name: 'High memory usage',
      status: 'firing',
      severity: 'warning',
      instance: 'db-1:9100',
      summary: 'Memory high on db-1:9100',
      description: undefined,
      labels: alert('Alerting', 'db-1:9100').labels,
      annotations: { summary: 'Memory high on db-1:9100' },
      startsAt: '2024-05-01T09:01:10.000Z',
      fingerprint: alertmanagerFingerprint(alert('Alerting', 'db-1:9100').labels),
      details: { value: '93.2' },
    });
  });

  it('throws for an error answer, a malformed one and a Grafana that never answers', async () => {
    fake.setMode('error');
    await expect(pollAlerts(connection(fake.url), context())).rejects.toThrow(
      'HTTP 503 from /api/prometheus/grafana/api/v1/alerts: not ready',
    );
    fake.setMode('malformed');
    await expect(pollAlerts(connection(fake.url), context())).rejects.toThrow(
      'Unexpected answer from /api/prometheus/grafana/api/v1/alerts.',
    );
    fake.setMode('hang');
    await expect(pollAlerts(connection(fake.url), context(AbortSignal.timeout(200)))).rejects.toMatchObject({
      name: 'TimeoutError',
    });
  });
});
