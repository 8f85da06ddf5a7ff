import type { NormalizedAlert } from '@oncall/plugin-sdk';
import { normalizeFixture, runSourceContractTests } from '@oncall/plugin-sdk/testing';
import { describe, expect, it } from 'vitest';
import firingBatch from '../fixtures/firing-batch.json' with { type: 'json' };
import instanceDown from '../fixtures/instance-down.json' with { type: 'json' };
import resolvedBatch from '../fixtures/resolved-batch.json' with { type: 'json' };
import prometheus from '../src';

runSourceContractTests(prometheus);

function alertsOf(payload: unknown): readonly NormalizedAlert[] {
  const outcome = normalizeFixture(prometheus, payload);
  if (!outcome.ok) throw new Error(`refused: ${JSON.stringify(outcome.issues)}`);
  return outcome.alerts;
}

describe('Prometheus (Alertmanager) source', () => {
  it('maps an alert field by field', () => {
    expect(alertsOf(instanceDown)).toStrictEqual([
      {
        name: 'InstanceDown',
        status: 'firing',
        severity: 'critical',
        instance: 'db-1.example.com:9100',
        summary: 'Instance db-1.example.com:9100 down',
        description: 'db-1.example.com:9100 of job node has been down for more than 5 minutes.',
        labels: {
          alertname: 'InstanceDown',
          instance: 'db-1.example.com:9100',
          job: 'node',
          severity: 'critical',
        },
        annotations: {
          description: 'db-1.example.com:9100 of job node has been down for more than 5 minutes.',
          summary: 'Instance db-1.example.com:9100 down',
        },
        startsAt: '2024-07-09T22:14:05.112Z',
        endsAt: undefined,
        fingerprint: 'b2e5f7d1c6a98403',
        details: { generatorURL: 'http://prometheus.monitoring:9090/graph?g0.expr=up+%3D%3D+0&g0.tab=1' },
        link: 'http://prometheus.monitoring:9090/graph?g0.expr=up+%3D%3D+0&g0.tab=1',
      },
    ]);
  });

  it('resolves every alert of a batch by its fingerprint', () => {
    const fired = alertsOf(firingBatch).map((alert) => alert.fingerprint);
    const resolved = alertsOf(resolvedBatch);
    expect(resolved.map((alert) => alert.fingerprint)).toEqual(fired);
    expect(resolved.map((alert) => alert.endsAt)).toEqual([
      '2024-07-09T13:21:41.367Z',
      '2024-07-09T13:22:11.367Z',
    ]);
  });

  it('has no instance when the alert has no instance label', () => {
    expect(alertsOf(firingBatch).map((alert) => alert.instance)).toEqual([undefined, undefined]);
  });
});
