import type { FiringInstance, HistoryEntry } from '@oncall/core';
import type { LegacyView } from '@oncall/plugin-sdk';
import { describe, expect, it } from 'vitest';
import { firingAlertForType } from '../src/legacy/firing-alerts-by-rule-type';
import { historyRowForType } from '../src/legacy/history-by-rule-type';

const rule = { id: 'rule-1', name: 'Memory', type: 'third_party' };

const entry: HistoryEntry = {
  id: 'event-1',
  kind: 'fired',
  state: 'critical',
  ruleState: 'critical',
  status: 'Firing',
  alertname: 'HighMemoryUsage',
  instance: 'db-1',
  description: null,
  episodeId: 'event-1',
  actorId: null,
  viaEndpointId: null,
  labels: { instance: 'db-1' },
  annotations: null,
  details: null,
  summary: null,
  dataSource: null,
  batch: null,
  createdAt: '2024-05-01T10:00:00.000Z',
};

const instance: FiringInstance = {
  id: 'instance-1',
  alertname: 'HighMemoryUsage',
  instance: 'db-1',
  state: 'critical',
  description: null,
  summary: null,
  labels: { instance: 'db-1' },
  details: null,
  annotations: null,
  dataSource: null,
  firedAt: '2024-05-01T10:00:00.000Z',
  lastSeenAt: '2024-05-01T10:01:00.000Z',
  acknowledgedAt: null,
};

const throwing: LegacyView = {
  historyRow: () => {
    throw new Error('plugin bug');
  },
  firingItem: () => {
    throw new Error('plugin bug');
  },
};

/** A source plugin's legacy view is its author's code: its mistake must not cost the page. */
describe('a legacy view that throws', () => {
  it('leaves a history row with the host fields', () => {
    expect(historyRowForType(rule, entry, throwing)).toMatchObject({
      id: 'event-1',
      status: 'critical',
      statusLabel: 'Firing',
      alertRuleId: 'rule-1',
      alertRuleName: 'Memory',
      updatedAt: entry.createdAt,
    });
  });

  it('leaves a fired alert with the host fields', () => {
    expect(firingAlertForType(rule, instance, throwing)).toMatchObject({
      id: 'instance-1',
      alertRuleId: 'rule-1',
      status: 'critical',
      createdAt: instance.firedAt,
      updatedAt: instance.lastSeenAt,
    });
  });

  it('counts an alert change made alone as itself', () => {
    const seen: unknown[] = [];
    const recording: LegacyView = {
      historyRow: (record) => {
        seen.push(record.batch);
        return {};
      },
    };
    historyRowForType(rule, entry, recording);
    historyRowForType(rule, { ...entry, kind: 'auto_resolved', state: 'resolved' }, recording);
    historyRowForType(rule, { ...entry, kind: 'acknowledged', state: null }, recording);
    expect(seen).toEqual([
      { fired: 1, resolved: 0 },
      { fired: 0, resolved: 1 },
      { fired: 0, resolved: 0 },
    ]);
  });
});
