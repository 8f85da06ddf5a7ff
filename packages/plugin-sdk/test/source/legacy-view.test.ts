import { describe, expect, it } from 'vitest';
import { checkSourceDefinition, defineSource, type LegacyAlertRecord, legacyAlertItem, z } from '../../src';

const record: LegacyAlertRecord = {
  status: 'resolved',
  state: 'resolved',
  name: 'HighMemoryUsage',
  instance: 'db-1:9100',
  summary: null,
  description: null,
  labels: { alertname: 'HighMemoryUsage', instance: 'db-1:9100' },
  annotations: { summary: 'Memory above 90% on db-1' },
  details: {},
  link: null,
  dataSource: { id: null, name: null },
  rule: { id: 'rule-1', name: 'Memory' },
  at: '2024-05-01T10:00:03.000Z',
};

const source = defineSource({
  id: 'legacy-shaped',
  displayName: 'Legacy shaped',
  dataSourceType: 'legacy_shaped',
  capabilities: { webhook: true, resolves: true },
  payloadSchema: z.object({ name: z.string() }),
  normalize: (payload) => [
    { name: payload.name, status: 'firing', labels: {}, annotations: {}, details: {} },
  ],
  fixtures: [{ name: 'one', payload: { name: 'x' }, expectedStatuses: ['firing'] }],
});

describe('legacy views', () => {
  it('lists an alert as the original UI lists alerts, an unknown source as empty text', () => {
    expect(legacyAlertItem(record)).toEqual({
      dataSourceId: '',
      dataSourceName: '',
      alertRuleId: 'rule-1',
      alertRuleName: 'Memory',
      dataSourceAlertName: 'HighMemoryUsage',
      labels: { alertname: 'HighMemoryUsage', instance: 'db-1:9100' },
      annotations: { summary: 'Memory above 90% on db-1' },
      skylogsStatus: 1,
    });
    expect(legacyAlertItem({ ...record, status: 'firing', state: 'critical' }).skylogsStatus).toBe(2);
  });

  it('takes a source with a legacy view, and refuses one whose view is not functions', () => {
    const historyRow = () => ({ countFire: 1 });
    expect(checkSourceDefinition({ ...source, legacyView: { historyRow } }).ok).toBe(true);
    const refused = checkSourceDefinition({ ...source, legacyView: { historyRow: 'countFire' } });
    expect(refused.ok).toBe(false);
    expect(refused.ok ? '' : refused.reason).toContain('legacyView.historyRow');
  });
});
