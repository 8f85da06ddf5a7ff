import { describe, expect, it } from 'vitest';
import { normalizeFixture, runSourceContractTests } from '../src/testing';
import down from './example/uptime-kuma/down.json' with { type: 'json' };
import up from './example/uptime-kuma/up.json' with { type: 'json' };
import uptimeKuma from './example/uptime-kuma-source';

runSourceContractTests(uptimeKuma);

describe('Uptime Kuma source (the worked example in docs/plugins.md)', () => {
  it('turns a down heartbeat into a firing alert', () => {
    const outcome = normalizeFixture(uptimeKuma, down);
    expect(outcome).toEqual({
      ok: true,
      alerts: [
        {
          name: 'Checkout API',
          status: 'firing',
          severity: 'critical',
          instance: 'https://api.example.com/health',
          summary: '[Checkout API] [🔴 Down] connect ECONNREFUSED 10.0.4.12:443',
          description: 'connect ECONNREFUSED 10.0.4.12:443',
          labels: { monitor: 'Checkout API', monitor_id: '7' },
          annotations: {},
          startsAt: '2024-09-24T23:51:35.527Z',
          details: {},
          link: 'https://api.example.com/health',
          fingerprint: expect.stringMatching(/^[0-9a-f]{64}$/),
        },
      ],
    });
  });

  it('resolves the alert it fired', () => {
    const fired = normalizeFixture(uptimeKuma, down);
    const resolved = normalizeFixture(uptimeKuma, up);
    if (!fired.ok || !resolved.ok) throw new Error('fixtures were refused');
    expect(resolved.alerts[0]).toMatchObject({ status: 'resolved', endsAt: '2024-09-24T23:58:35.102Z' });
    expect(resolved.alerts[0]?.fingerprint).toBe(fired.alerts[0]?.fingerprint);
  });

  it('declares what its rules store: their data sources and, optionally, one monitor', () => {
    const fields =
      uptimeKuma.ruleFields && 'fields' in uptimeKuma.ruleFields ? uptimeKuma.ruleFields.fields : undefined;
    expect(fields?.parse({ dataSourceIds: ['ds-1'], dataSourceAlertName: ' Checkout API ' })).toEqual({
      dataSourceIds: ['ds-1'],
      dataSourceAlertName: 'Checkout API',
    });
    expect(fields?.safeParse({ dataSourceIds: [] }).error?.issues).toMatchObject([
      { path: ['dataSourceIds'], message: 'Select at least one data source.' },
    ]);
  });
});
