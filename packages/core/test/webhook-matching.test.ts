import type { AnyWebhookSourceDefinition, NormalizedAlert } from '@oncall/plugin-sdk';
import { normalizePayload } from '@oncall/plugin-sdk';
import { normalizeFixture } from '@oncall/plugin-sdk/testing';
import grafana from '@oncall/source-grafana';
import pmm from '@oncall/source-pmm';
import prometheus from '@oncall/source-prometheus';
import sentry from '@oncall/source-sentry';
import splunk from '@oncall/source-splunk';
import zabbix from '@oncall/source-zabbix';
import { describe, expect, it } from 'vitest';
import { matchesRule } from '../src/plugins/match-rule';

const SOURCES = [grafana, pmm, prometheus, sentry, splunk, zabbix];

function fixturePayload(plugin: AnyWebhookSourceDefinition, name: string): unknown {
  const fixture = plugin.fixtures.find((candidate) => candidate.name === name);
  if (fixture === undefined) throw new Error(`${plugin.id} has no fixture "${name}"`);
  return structuredClone(fixture.payload);
}

/** What the host ingests for a payload, as a webhook would deliver it. */
function hostAlerts(plugin: AnyWebhookSourceDefinition, payload: unknown): readonly NormalizedAlert[] {
  const outcome = normalizePayload(plugin, payload);
  if (!outcome.ok) throw new Error(`refused: ${JSON.stringify(outcome.issues)}`);
  return outcome.alerts;
}

const fixtureAlerts = (plugin: AnyWebhookSourceDefinition, name: string) =>
  hostAlerts(plugin, fixturePayload(plugin, name));

function onlyAlert(plugin: AnyWebhookSourceDefinition, payload: unknown): NormalizedAlert {
  const [alert, ...rest] = hostAlerts(plugin, payload);
  if (alert === undefined || rest.length > 0) throw new Error('expected exactly one alert');
  return alert;
}

describe.each(SOURCES.map((plugin) => [plugin.id, plugin] as const))(
  'host ingestion of %s fixtures',
  (_id, plugin) => {
    it.each(plugin.fixtures.map((fixture) => [fixture.name, fixture] as const))(
      '"%s" normalizes as the SDK testing kit says',
      (_name, fixture) => {
        expect(normalizePayload(plugin, structuredClone(fixture.payload))).toEqual(
          normalizeFixture(plugin, structuredClone(fixture.payload)),
        );
      },
    );

    it('matches every fixture alert to a rule naming it, and not to a rule naming another', () => {
      const alerts = plugin.fixtures.flatMap((fixture) => fixtureAlerts(plugin, fixture.name));
      for (const alert of alerts) {
        expect(matchesRule(alert, { dataSourceAlertName: alert.name }, plugin)).toBe(true);
        expect(matchesRule(alert, { dataSourceAlertName: `${alert.name} (other)` }, plugin)).toBe(false);
      }
    });
  },
);

describe('host matching of the built-in sources', () => {
  it('lets a Grafana rule pick one instance by name and a label glob', () => {
    const filters = {
      dataSourceAlertName: 'High memory usage',
      extraField: [{ key: 'instance', value: 'db-2*' }],
    };
    expect(
      fixtureAlerts(grafana, 'two instances firing').filter((alert) => matchesRule(alert, filters, grafana)),
    ).toEqual([expect.objectContaining({ instance: 'db-2:9100' })]);
  });

  it('lets rules filter on PMM labels', () => {
    const alerts = fixtureAlerts(pmm, 'MySQL down on two services');
    const byService = {
      dataSourceAlertName: 'MySQL down',
      extraField: [{ key: 'service_name', value: '*-2' }],
    };
    expect(
      alerts.filter((alert) => matchesRule(alert, byService, pmm)).map((alert) => alert.instance),
    ).toEqual(['orders-mysql-2']);
    const byTemplate = { extraField: [{ key: 'template_name', value: 'pmm_mysql_*' }] };
    expect(alerts.every((alert) => matchesRule(alert, byTemplate, pmm))).toBe(true);
  });

  it('matches Sentry rules by the Sentry alert rule name and tags', () => {
    const [issue] = fixtureAlerts(sentry, 'integration: issue alert');
    const [metric] = fixtureAlerts(sentry, 'integration: metric alert critical');
    if (issue === undefined || metric === undefined) throw new Error('no alerts');
    expect(matchesRule(issue, { dataSourceAlertName: 'ERP sync failures' }, sentry)).toBe(true);
    expect(matchesRule(metric, { dataSourceAlertName: 'ERP sync failures' }, sentry)).toBe(false);
    expect(
      matchesRule(
        metric,
        {
          dataSourceAlertName: 'Too many errors',
          extraField: [{ key: 'environment', value: 'prod*' }],
        },
        sentry,
      ),
    ).toBe(true);
    expect(
      matchesRule(issue, { extraField: [{ key: 'release', value: 'checkout-api@2024.*' }] }, sentry),
    ).toBe(true);
  });

  it('matches Splunk rules by search name and result fields', () => {
    const alert = onlyAlert(splunk, fixturePayload(splunk, 'disk full on web-3'));
    expect(matchesRule(alert, { dataSourceAlertName: 'Disk usage above 90%' }, splunk)).toBe(true);
    expect(
      matchesRule(
        alert,
        {
          dataSourceAlertName: 'Disk usage above 90%',
          extraField: [{ key: 'host', value: 'web-*' }],
        },
        splunk,
      ),
    ).toBe(true);
    expect(matchesRule(alert, { extraField: [{ key: 'mount', value: '/' }] }, splunk)).toBe(false);
  });

  it('matches Zabbix rules on host, action and severity', () => {
    const problem = fixturePayload(zabbix, 'problem');
    const alert = onlyAlert(zabbix, problem);
    expect(
      matchesRule(alert, { hosts: ['db-1'], actions: ['Page DBAs'], severities: ['4', '5'] }, zabbix),
    ).toBe(true);
    expect(matchesRule(alert, { hosts: ['db-2'] }, zabbix)).toBe(false);
    expect(matchesRule(alert, { actions: ['Email ops'] }, zabbix)).toBe(false);
    expect(matchesRule(alert, { severities: ['5'] }, zabbix)).toBe(false);
    const highByName = onlyAlert(zabbix, { ...(problem as object), severity: 'High' });
    expect(matchesRule(highByName, { severities: ['4'] }, zabbix)).toBe(true);
  });
});
