import type { NormalizedAlert } from '@oncall/plugin-sdk';
import { normalizeFixture, runSourceContractTests } from '@oncall/plugin-sdk/testing';
import { describe, expect, it } from 'vitest';
import problem from '../fixtures/problem.json' with { type: 'json' };
import problemNumbers from '../fixtures/problem-numbers.json' with { type: 'json' };
import recovery from '../fixtures/recovery.json' with { type: 'json' };
import recoveryOk from '../fixtures/recovery-ok.json' with { type: 'json' };
import zabbix from '../src';

runSourceContractTests(zabbix);

function alertOf(payload: unknown): NormalizedAlert {
  const outcome = normalizeFixture(zabbix, payload);
  if (!outcome.ok) throw new Error(`refused: ${JSON.stringify(outcome.issues)}`);
  const [alert, ...rest] = outcome.alerts;
  if (alert === undefined || rest.length > 0) throw new Error('expected exactly one alert');
  return alert;
}

describe('Zabbix source', () => {
  it('maps a problem field by field', () => {
    expect(alertOf(problem)).toStrictEqual({
      name: 'High CPU utilization (over 90% for 5m)',
      status: 'firing',
      severity: 'critical',
      instance: 'db-1',
      summary: 'High CPU utilization (over 90% for 5m)',
      description:
        'Problem started at 10:20:30 on 2024.05.01\nProblem name: High CPU utilization (over 90% for 5m)\nHost: db-1\nSeverity: High\nOperational data: Current utilization: 96.4 %\nOriginal problem ID: 8812',
      labels: { class: 'os', component: 'cpu', scope: 'performance', host: 'db-1' },
      annotations: {},
      startsAt: undefined,
      fingerprint: 'zabbix-event:8812',
      details: {
        host: 'db-1',
        severity: '4',
        action: 'Page DBAs',
        eventId: '8812',
        eventTime: '2024.05.01 10:20:30',
      },
      link: 'https://zabbix.example.com/zabbix.php?action=problem.view&filter_triggerids%5B%5D=23145',
    });
  });

  it('pairs a recovery with its problem by event id', () => {
    expect(alertOf(recovery)).toMatchObject({ status: 'resolved', fingerprint: 'zabbix-event:8812' });
    expect(alertOf(recoveryOk)).toMatchObject({ status: 'resolved', fingerprint: 'zabbix-event:9001' });
    expect(alertOf(problemNumbers).fingerprint).toBe('zabbix-event:9001');
  });

  it('accepts numbers, tags as JSON text and a zoned event time', () => {
    expect(alertOf(problemNumbers)).toMatchObject({
      name: 'Interface Gi0/1(Uplink to core): Link down',
      severity: 'critical',
      labels: { component: 'network', interface: 'Gi0/1', host: 'edge-router-3' },
      startsAt: '2024-05-01T23:44:07.000Z',
      details: { host: 'edge-router-3', severity: '5', action: 'Network on-call', eventId: '9001' },
    });
    expect(alertOf(problemNumbers).link).toBeUndefined();
  });

  it('reads a severity name as its number and drops an unexpanded macro', () => {
    const alert = alertOf(recoveryOk);
    expect(alert.details.severity).toBe('5');
    expect(alert.link).toBeUndefined();
    expect(alert.labels).toEqual({ host: 'edge-router-3' });
  });

  it.each([
    ['0', 'info'],
    ['1', 'info'],
    ['2', 'warning'],
    ['3', 'warning'],
    ['4', 'critical'],
    ['5', 'critical'],
    ['Not classified', 'info'],
    ['Average', 'warning'],
    ['7', undefined],
    ['{EVENT.NSEVERITY}', undefined],
  ])('maps severity %s to %s', (severity, expected) => {
    expect(alertOf({ ...problem, severity }).severity).toBe(expected);
  });

  it.each([
    [{ event_value: '1', status: 'RESOLVED' }, 'firing'],
    [{ event_value: '0', status: 'PROBLEM' }, 'resolved'],
    [{ event_value: undefined, status: 'problem' }, 'firing'],
    [{ event_value: undefined, status: 'Resolved' }, 'resolved'],
    [{ event_value: undefined, status: 'OK' }, 'resolved'],
    [{ event_value: '{EVENT.VALUE}', status: 'OK' }, 'resolved'],
  ])('reads %j as %s: event_value first, then status', (change, expected) => {
    expect(alertOf({ ...problem, ...change }).status).toBe(expected);
  });

  it('falls back to event_name, and to the default fingerprint without an event id', () => {
    const { trigger_name: _trigger, event_id: _id, ...rest } = problem;
    const alert = alertOf(rest);
    expect(alert.name).toBe('High CPU utilization (over 90% for 5m)');
    expect(alert.fingerprint).toMatch(/^[0-9a-f]{64}$/);
    expect(alertOf({ ...rest, event_value: '0' }).fingerprint).toBe(alert.fingerprint);
  });

  it('accepts Unix seconds as the event time', () => {
    expect(alertOf({ ...problem, event_time: '1714558830' }).startsAt).toBe('2024-05-01T10:20:30.000Z');
  });

  it('ignores tags it cannot read', () => {
    expect(alertOf({ ...problem, tags: 'class:os, component:cpu' }).labels).toEqual({ host: 'db-1' });
    expect(alertOf({ ...problem, tags: [{ name: 'x' }] }).labels).toEqual({ host: 'db-1' });
  });

  it("refuses the media type's Test dialog, whose macros are unexpanded, saying what is missing", () => {
    const test = {
      event_id: '{EVENT.ID}',
      event_value: '{EVENT.VALUE}',
      trigger_name: '{TRIGGER.NAME}',
      status: '{EVENT.STATUS}',
      host: '{HOST.NAME}',
    };
    const outcome = normalizeFixture(zabbix, test);
    expect(outcome).toMatchObject({ ok: false });
    if (!outcome.ok)
      expect(outcome.issues.map((issue) => issue.path)).toEqual(['trigger_name', 'event_value']);
  });

  it('matches rules on host, action and severity', () => {
    const matches = (alert: NormalizedAlert, settings: Record<string, unknown>) =>
      zabbix.matches?.(alert, settings);
    const alert = alertOf(problem);
    expect(matches(alert, { hosts: ['db-1'], actions: ['Page DBAs'], severities: ['4', '5'] })).toBe(true);
    expect(matches(alert, { hosts: ['db-2'] })).toBe(false);
    expect(matches(alert, { actions: ['Email ops'] })).toBe(false);
    expect(matches(alert, { severities: ['5'] })).toBe(false);
    expect(matches(alertOf({ ...problem, severity: 'High' }), { severities: ['4'] })).toBe(true);
    expect(matches(alert, { hosts: null, actions: [], dataSourceIds: ['ds-1'] })).toBe(true);
  });

  it('matches nothing when stored filters are not lists', () => {
    expect(zabbix.matches?.(alertOf(problem), { hosts: 'db-1' })).toBe(false);
  });

  it('checks rule fields with the messages the service gives', () => {
    const fields = zabbix.ruleFields && 'fields' in zabbix.ruleFields ? zabbix.ruleFields.fields : undefined;
    expect(fields?.parse({ dataSourceIds: ['ds-1'], hosts: ['db-1', 'db-1'] })).toEqual({
      dataSourceIds: ['ds-1'],
      hosts: ['db-1'],
      actions: [],
      severities: [],
    });
    expect(fields?.safeParse({ dataSourceIds: [], severities: ['9'] }).error?.issues).toMatchObject([
      { path: ['dataSourceIds'], message: 'Select at least one data source.' },
      { path: ['severities', 0], message: 'Each severity must be one of 0, 1, 2, 3, 4, 5.' },
    ]);
  });

  it('offers the six Zabbix severities for rule forms, each one its rule fields take', () => {
    const severities = zabbix.ruleOptions?.severities ?? [];
    expect(severities.map(({ value, label }) => `${value} ${label}`)).toEqual([
      '0 Not classified',
      '1 Information',
      '2 Warning',
      '3 Average',
      '4 High',
      '5 Disaster',
    ]);
    const fields = zabbix.ruleFields && 'fields' in zabbix.ruleFields ? zabbix.ruleFields.fields : undefined;
    const all = severities.map(({ value }) => value);
    expect(fields?.safeParse({ dataSourceIds: ['ds-1'], severities: all }).success).toBe(true);
  });
});
