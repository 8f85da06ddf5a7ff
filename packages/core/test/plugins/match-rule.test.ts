import type { NormalizedAlert } from '@oncall/plugin-sdk';
import zabbix from '@oncall/source-zabbix';
import { describe, expect, it, vi } from 'vitest';
import { matchesRule, type RuleSettings } from '../../src/plugins/match-rule';

const grafanaAlert: NormalizedAlert = {
  name: 'HighMemoryUsage',
  status: 'firing',
  fingerprint: 'grafana-1',
  labels: { alertname: 'HighMemoryUsage', instance: 'db-1:9100', team: 'db', env: 'prod' },
  annotations: { summary: 'Memory above 90% on db-1', runbook: 'https://wiki.example.com/mem' },
  details: { generatorURL: 'https://grafana.example.com/alerting/grafana/x/view' },
};

const zabbixAlert: NormalizedAlert = {
  name: 'High CPU utilization',
  status: 'firing',
  fingerprint: 'zabbix-event:8812',
  labels: { host: 'db-1' },
  annotations: {},
  details: { host: 'db-1', severity: '4', action: 'Page DBAs', eventId: '8812' },
};

type RuleFilters = RuleSettings;

const matches = (filters: RuleFilters, alert: NormalizedAlert = grafanaAlert) => matchesRule(alert, filters);

/** Through the host matcher, which applies the Zabbix plugin's own filters. */
const matchesZabbix = (filters: RuleFilters, alert: NormalizedAlert = zabbixAlert) =>
  matchesRule(alert, filters, zabbix);

describe('matchesRule: dataSourceAlertName', () => {
  it.each<[string, RuleFilters, boolean]>([
    ['unset matches any name', {}, true],
    ['null matches any name', { dataSourceAlertName: null }, true],
    ['empty matches any name', { dataSourceAlertName: '' }, true],
    ['the same name matches', { dataSourceAlertName: 'HighMemoryUsage' }, true],
    ['another name does not', { dataSourceAlertName: 'HighCPUUsage' }, false],
    ['case counts', { dataSourceAlertName: 'highmemoryusage' }, false],
    ['spaces count', { dataSourceAlertName: ' HighMemoryUsage' }, false],
    ['a prefix is not equal', { dataSourceAlertName: 'HighMemory' }, false],
    ['no wildcard in the name', { dataSourceAlertName: 'High*' }, false],
  ])('%s', (_case, filters, expected) => {
    expect(matches(filters)).toBe(expected);
  });
});

describe('matchesRule: extraField', () => {
  it.each<[string, RuleFilters['extraField'], boolean]>([
    ['an empty list matches', [], true],
    ['null matches', null, true],
    ['a label with the exact value', [{ key: 'team', value: 'db' }], true],
    ['a label with another value', [{ key: 'team', value: 'web' }], false],
    ['values are case-sensitive', [{ key: 'team', value: 'DB' }], false],
    ['keys are case-sensitive', [{ key: 'Team', value: 'db' }], false],
    ['an annotation with the exact value', [{ key: 'summary', value: 'Memory above 90% on db-1' }], true],
    ['an annotation glob', [{ key: 'runbook', value: 'https://wiki.example.com/*' }], true],
    ['a prefix glob', [{ key: 'instance', value: 'db-*' }], true],
    ['a suffix glob', [{ key: 'instance', value: '*:9100' }], true],
    ['a middle glob', [{ key: 'instance', value: 'db*9100' }], true],
    ['a glob that does not fit', [{ key: 'instance', value: 'web-*' }], false],
    ['a glob is whole-value, not a substring', [{ key: 'instance', value: 'db-1' }], false],
    ['* requires the key to exist', [{ key: 'team', value: '*' }], true],
    ['* on a missing key does not match', [{ key: 'cluster', value: '*' }], false],
    ['a missing key does not match', [{ key: 'cluster', value: 'eu' }], false],
    ['prototype names are not fields', [{ key: 'constructor', value: '*' }], false],
    [
      'every row must match',
      [
        { key: 'team', value: 'db' },
        { key: 'env', value: 'prod' },
      ],
      true,
    ],
    [
      'one failing row fails the rule',
      [
        { key: 'team', value: 'db' },
        { key: 'env', value: 'staging' },
      ],
      false,
    ],
    [
      'a row with an empty key is ignored',
      [
        { key: '', value: '' },
        { key: 'team', value: 'db' },
      ],
      true,
    ],
    ['an empty value matches only an empty value', [{ key: 'team', value: '' }], false],
    ['the key is not a glob', [{ key: 'te*', value: 'db' }], false],
  ])('%s', (_case, extraField, expected) => {
    expect(matches({ extraField })).toBe(expected);
  });

  it('matches when the label misses but the annotation of the same key fits', () => {
    const alert = {
      ...grafanaAlert,
      labels: { ...grafanaAlert.labels, owner: 'ops' },
      annotations: { owner: 'dba' },
    };
    expect(matchesRule(alert, { extraField: [{ key: 'owner', value: 'dba' }] })).toBe(true);
    expect(matchesRule(alert, { extraField: [{ key: 'owner', value: 'ops' }] })).toBe(true);
    expect(matchesRule(alert, { extraField: [{ key: 'owner', value: 'dev' }] })).toBe(false);
  });

  it('matches an empty label value with an empty filter value', () => {
    const alert = { ...grafanaAlert, labels: { team: '' } };
    expect(matchesRule(alert, { extraField: [{ key: 'team', value: '' }] })).toBe(true);
    expect(matchesRule(alert, { extraField: [{ key: 'team', value: '*' }] })).toBe(true);
  });
});

describe('matchesRule: Zabbix hosts, actions and severities', () => {
  it.each<[string, RuleFilters, boolean]>([
    ['no filter matches', {}, true],
    ['empty lists match any', { hosts: [], actions: [], severities: [] }, true],
    ['null lists match any', { hosts: null, actions: null, severities: null }, true],
    ['a listed host', { hosts: ['web-1', 'db-1'] }, true],
    ['an unlisted host', { hosts: ['web-1'] }, false],
    ['hosts compare exactly', { hosts: ['DB-1'] }, false],
    ['hosts are not globs', { hosts: ['db-*'] }, false],
    ['a listed action', { actions: ['Page DBAs'] }, true],
    ['an unlisted action', { actions: ['Email ops'] }, false],
    ['a listed severity', { severities: ['4', '5'] }, true],
    ['an unlisted severity', { severities: ['5'] }, false],
    ['all three listed', { hosts: ['db-1'], actions: ['Page DBAs'], severities: ['4'] }, true],
    ['one of three unlisted', { hosts: ['db-1'], actions: ['Page DBAs'], severities: ['0', '1'] }, false],
    ['with the trigger name', { dataSourceAlertName: 'High CPU utilization', hosts: ['db-1'] }, true],
    ['with another trigger name', { dataSourceAlertName: 'Disk full', hosts: ['db-1'] }, false],
  ])('%s', (_case, filters, expected) => {
    expect(matchesZabbix(filters)).toBe(expected);
  });

  it('does not match a host filter when the alert has no host', () => {
    expect(matchesZabbix({ hosts: ['db-1'] }, grafanaAlert)).toBe(false);
    expect(matchesZabbix({ actions: ['Page DBAs'] }, grafanaAlert)).toBe(false);
    expect(matchesZabbix({ severities: ['4'] }, grafanaAlert)).toBe(false);
  });
});

describe("matchesRule: the source's own filters", () => {
  it('asks the source only once the name and extra fields hold, with the settings as stored', () => {
    const source = { matches: vi.fn(() => false) };
    const settings = { dataSourceAlertName: 'HighMemoryUsage', hosts: ['db-1'] };
    expect(matchesRule(grafanaAlert, settings, source)).toBe(false);
    expect(source.matches).toHaveBeenCalledWith(grafanaAlert, settings);
    source.matches.mockClear();
    expect(matchesRule(grafanaAlert, { dataSourceAlertName: 'Other' }, source)).toBe(false);
    expect(source.matches).not.toHaveBeenCalled();
  });

  it('leaves vendor fields alone for a source without its own filters', () => {
    expect(matchesRule(grafanaAlert, { hosts: ['db-1'] }, {})).toBe(true);
    expect(matches({ hosts: ['db-1'], severities: ['4'] })).toBe(true);
  });
});

describe('matchesRule: everything together', () => {
  const rule: RuleFilters = {
    dataSourceAlertName: 'HighMemoryUsage',
    extraField: [
      { key: 'env', value: 'prod' },
      { key: 'instance', value: 'db-*' },
    ],
  };

  it('matches when the name and every row match', () => {
    expect(matches(rule)).toBe(true);
  });

  it('does not match when only the name matches', () => {
    expect(matches(rule, { ...grafanaAlert, labels: { ...grafanaAlert.labels, env: 'staging' } })).toBe(
      false,
    );
  });

  it('does not match when only the rows match', () => {
    expect(matches(rule, { ...grafanaAlert, name: 'HighCPUUsage' })).toBe(false);
  });
});
