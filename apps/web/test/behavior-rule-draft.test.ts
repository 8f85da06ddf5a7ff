import { describe, expect, it } from 'vitest';
import {
  type BehaviorRuleRow,
  bodyOf,
  defaultMaintenance,
  draftOf,
  summaryOf,
} from '../src/behavior-rules/behavior-rule-draft';

const common = { id: 'b1', alertRuleId: 'r1', createdAt: '', updatedAt: '' };

describe('behavior rule drafts', () => {
  it('sends only the chosen kind’s fields, a blank name as none', () => {
    const draft = {
      ...draftOf(null),
      type: 'template' as const,
      endpointIds: ['e1'],
      template: '{{ name }}',
    };
    expect(bodyOf(draft)).toEqual({
      type: 'template',
      name: null,
      endpointIds: ['e1'],
      template: '{{ name }}',
    });
    const silent = { ...draftOf(null), type: 'silent' as const, name: 'Upgrades', maintenance: null };
    expect(bodyOf(silent)).toEqual({
      type: 'silent',
      name: 'Upgrades',
      dependsOnAlertRuleIds: [],
      triggerState: 'critical',
      maintenance: null,
    });
  });

  it('reads a stored silent rule back with its maintenance window', () => {
    const rule: BehaviorRuleRow = {
      ...common,
      type: 'silent',
      name: null,
      dependsOnAlertRuleIds: ['r2'],
      dependsOnAlertRules: [{ id: 'r2', name: 'Uplink' }],
      triggerState: 'critical',
      maintenance: {
        from: '2026-11-28T22:00',
        to: '2026-11-29T02:00',
        timeZone: 'Europe/Berlin',
        weekly: true,
      },
    };
    expect(draftOf(rule)).toMatchObject({
      type: 'silent',
      dependsOnAlertRuleIds: ['r2'],
      maintenance: { from: '2026-11-28T22:00', weekly: true, timeZone: 'Europe/Berlin' },
    });
    expect(summaryOf(rule)).toBe(
      'Nobody is notified while Uplink is critical, or every week from 2026-11-28 22:00 to 2026-11-29 02:00 (Europe/Berlin).',
    );
  });

  it('starts a new window at the next full hour, two hours long, as datetime-local writes it', () => {
    expect(defaultMaintenance(new Date(2026, 10, 28, 21, 17), 'UTC')).toEqual({
      from: '2026-11-28T22:00',
      to: '2026-11-29T00:00',
      timeZone: 'UTC',
      weekly: false,
    });
  });

  it('says what a notification rule does', () => {
    const rule: BehaviorRuleRow = {
      ...common,
      type: 'notification',
      name: null,
      filters: [{ key: 'instance', value: 'db-* & !db-test*' }],
      endpointIds: ['e1'],
      endpoints: [{ id: 'e1', name: 'DBA on call' }],
    };
    expect(summaryOf(rule)).toBe('When instance is db-* & !db-test*, also page DBA on call.');
  });
});
