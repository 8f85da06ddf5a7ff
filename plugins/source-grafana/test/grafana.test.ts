import type { NormalizedAlert } from '@oncall/plugin-sdk';
import { normalizeFixture, runSourceContractTests } from '@oncall/plugin-sdk/testing';
import { describe, expect, it } from 'vitest';
import contactPointTest from '../fixtures/contact-point-test.json' with { type: 'json' };
import firingBatch from '../fixtures/firing-batch.json' with { type: 'json' };
import grafana9NoData from '../fixtures/grafana9-no-data.json' with { type: 'json' };
import partlyResolved from '../fixtures/partly-resolved.json' with { type: 'json' };
import resolved from '../fixtures/resolved.json' with { type: 'json' };
import grafana from '../src';

runSourceContractTests(grafana);

function alertsOf(payload: unknown): readonly NormalizedAlert[] {
  const outcome = normalizeFixture(grafana, payload);
  if (!outcome.ok) throw new Error(`refused: ${JSON.stringify(outcome.issues)}`);
  return outcome.alerts;
}

describe('Grafana source', () => {
  it('maps a firing alert field by field', () => {
    expect(alertsOf(firingBatch)[0]).toStrictEqual({
      name: 'High memory usage',
      status: 'firing',
      severity: 'critical',
      instance: 'db-1:9100',
      summary: 'db-1 is running out of memory',
      description: 'Memory usage on db-1:9100 is 93.2% (threshold 90%).',
      labels: {
        alertname: 'High memory usage',
        grafana_folder: 'Databases',
        instance: 'db-1:9100',
        severity: 'critical',
        team: 'dba',
      },
      annotations: {
        description: 'Memory usage on db-1:9100 is 93.2% (threshold 90%).',
        runbook_url: 'https://wiki.example.com/runbooks/memory',
        summary: 'db-1 is running out of memory',
      },
      startsAt: '2024-05-01T09:01:10.000Z',
      endsAt: undefined,
      fingerprint: 'c6eadffa33fcdf37',
      details: {
        generatorURL: 'https://grafana.example.com/alerting/grafana/fdk2mq7c3h4ced/view?orgId=1',
        dashboardURL: 'https://grafana.example.com/d/rYdddlPWk?from=1714552270000&orgId=1&to=1714555870000',
        panelURL:
          'https://grafana.example.com/d/rYdddlPWk?from=1714552270000&orgId=1&to=1714555870000&viewPanel=78',
        silenceURL:
          'https://grafana.example.com/alerting/silence/new?alertmanager=grafana&matcher=alertname%3DHigh+memory+usage&matcher=instance%3Ddb-1%3A9100&orgId=1',
        values: 'B=93.21468544006348, C=1',
        valueString:
          "[ var='B' labels={instance=db-1:9100} value=93.21468544006348 ], [ var='C' labels={instance=db-1:9100} value=1 ]",
      },
      link: 'https://grafana.example.com/d/rYdddlPWk?from=1714552270000&orgId=1&to=1714555870000&viewPanel=78',
    });
  });

  it('returns every alert of a batch with its own fingerprint and instance', () => {
    expect(alertsOf(firingBatch).map(({ fingerprint, instance }) => ({ fingerprint, instance }))).toEqual([
      { fingerprint: 'c6eadffa33fcdf37', instance: 'db-1:9100' },
      { fingerprint: 'bc97ff14869b13e3', instance: 'db-2:9100' },
    ]);
  });

  it('resolves each instance with the fingerprint it fired with, and keeps its end time', () => {
    const [stillFiring, resolvedOne] = alertsOf(partlyResolved);
    expect(stillFiring).toMatchObject({ status: 'firing', fingerprint: 'bc97ff14869b13e3' });
    expect(stillFiring?.endsAt).toBeUndefined();
    expect(resolvedOne).toMatchObject({
      status: 'resolved',
      fingerprint: 'c6eadffa33fcdf37',
      startsAt: '2024-05-01T09:01:10.000Z',
      endsAt: '2024-05-01T09:16:10.000Z',
    });
    expect(alertsOf(resolved)[0]).toMatchObject({
      status: 'resolved',
      fingerprint: 'bc97ff14869b13e3',
      endsAt: '2024-05-01T09:28:10.000Z',
    });
  });

  it('leaves out empty panel and dashboard URLs and values, and falls back to the rule link', () => {
    const [noData] = alertsOf(grafana9NoData);
    expect(noData).toMatchObject({
      name: 'DatasourceNoData',
      severity: undefined,
      instance: undefined,
      summary: undefined,
      details: { generatorURL: 'https://grafana.example.com/alerting/grafana/Hn7a2bNVz/view' },
      link: 'https://grafana.example.com/alerting/grafana/Hn7a2bNVz/view',
    });
    expect(Object.keys(noData?.details ?? {})).toEqual(['generatorURL', 'silenceURL']);
  });

  it('accepts the contact-point test, whose values are null and generatorURL empty', () => {
    const [test] = alertsOf(contactPointTest);
    expect(test).toMatchObject({
      name: 'TestAlert',
      instance: 'Grafana',
      startsAt: '2024-05-01T09:10:31.137Z',
    });
    expect(test?.link).toBeUndefined();
    expect(test?.details).toEqual({
      silenceURL:
        'https://grafana.example.com/alerting/silence/new?alertmanager=grafana&matcher=alertname%3DTestAlert&matcher=instance%3DGrafana',
      valueString: "[ metric='foo' labels={instance=bar} value=10 ]",
    });
  });

  it('accepts fields a later Grafana adds', () => {
    const newer = {
      ...firingBatch,
      newTopLevel: { x: 1 },
      alerts: firingBatch.alerts.map((alert) => ({ ...alert, imageURL: 'https://img', orgId: 1 })),
    };
    expect(alertsOf(newer)).toHaveLength(2);
  });

  it('refuses a body whose alerts lack an alertname or a status', () => {
    const [first] = firingBatch.alerts;
    expect(normalizeFixture(grafana, { alerts: [{ ...first, labels: { instance: 'x' } }] })).toMatchObject({
      ok: false,
      issues: [{ path: 'alerts.0.labels.alertname' }],
    });
    expect(normalizeFixture(grafana, { alerts: [{ ...first, status: 'pending' }] })).toMatchObject({
      ok: false,
      issues: [{ path: 'alerts.0.status' }],
    });
  });
});
