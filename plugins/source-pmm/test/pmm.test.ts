import type { NormalizedAlert } from '@oncall/plugin-sdk';
import { normalizeFixture, runSourceContractTests } from '@oncall/plugin-sdk/testing';
import { describe, expect, it } from 'vitest';
import firingBatch from '../fixtures/firing-batch.json' with { type: 'json' };
import nodeWarning from '../fixtures/node-warning.json' with { type: 'json' };
import perconaAlerting from '../fixtures/percona-alerting.json' with { type: 'json' };
import resolved from '../fixtures/resolved.json' with { type: 'json' };
import pmm from '../src';

runSourceContractTests(pmm);

function alertsOf(payload: unknown): readonly NormalizedAlert[] {
  const outcome = normalizeFixture(pmm, payload);
  if (!outcome.ok) throw new Error(`refused: ${JSON.stringify(outcome.issues)}`);
  return outcome.alerts;
}

describe('PMM source', () => {
  it('maps a firing alert field by field', () => {
    const [first] = firingBatch.alerts;
    expect(alertsOf(firingBatch)[0]).toStrictEqual({
      name: 'MySQL down',
      status: 'firing',
      severity: 'critical',
      instance: 'orders-mysql-1',
      summary: 'MySQL down (orders-mysql-1)',
      description: 'MySQL orders-mysql-1 on db-orders-1 is down.',
      labels: first?.labels,
      annotations: {
        description: 'MySQL orders-mysql-1 on db-orders-1 is down.',
        rule: 'MySQL down',
        summary: 'MySQL down (orders-mysql-1)',
      },
      startsAt: '2024-06-03T07:12:34.118Z',
      endsAt: undefined,
      fingerprint: '2f1a9c3e7b0d4e61',
      details: {
        generatorURL:
          'https://pmm.example.com/prometheus/vmalert/alert?group_id=11203456677&alert_id=9102384476',
      },
      link: 'https://pmm.example.com/prometheus/vmalert/alert?group_id=11203456677&alert_id=9102384476',
    });
  });

  it("ignores the estimated endsAt of a firing alert and keeps a resolved one's", () => {
    expect(alertsOf(firingBatch).map((alert) => alert.endsAt)).toEqual([undefined, undefined]);
    expect(alertsOf(resolved)).toEqual([
      expect.objectContaining({
        status: 'resolved',
        fingerprint: '2f1a9c3e7b0d4e61',
        endsAt: '2024-06-03T07:26:49.118Z',
      }),
    ]);
  });

  it('names a node alert by its node and maps a warning', () => {
    expect(alertsOf(nodeWarning)[0]).toMatchObject({
      name: 'Node high CPU load',
      instance: 'db-orders-1',
      severity: 'warning',
      fingerprint: 'b7e90c1d2a3f4865',
    });
  });

  it("accepts Percona Alerting's Grafana-format body", () => {
    expect(alertsOf(perconaAlerting)).toEqual([
      expect.objectContaining({
        name: 'MongoDB restarted',
        status: 'firing',
        severity: 'warning',
        instance: 'rs0-mongo-2',
        summary: 'MongoDB restarted (rs0-mongo-2)',
        startsAt: '2024-06-04T09:02:00.000Z',
        fingerprint: '6a3e91d0c4b2f781',
        link: 'https://pmm.example.com/graph/alerting/grafana/dcc1f0e3-5a0e-4e8e-9b1f-2b3c4d5e6f70/view',
      }),
    ]);
  });

  it('prefers an instance label over the service name', () => {
    const [first] = firingBatch.alerts;
    const custom = { alerts: [{ ...first, labels: { ...first?.labels, instance: 'db-orders-1:42002' } }] };
    expect(alertsOf(custom)[0]?.instance).toBe('db-orders-1:42002');
  });
});
