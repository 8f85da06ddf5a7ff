import { describe, expect, it } from 'vitest';
import { applyPagingBehaviors, type PagingBehavior } from '../../src/behavior-rules/notification-behavior';

const LETTERS = 'bcdefghijklmnopqrstuvwxyzBCDEFGHIJKLMNOPQRSTUVWXYZ';

const notification = (id: string, values: string[], endpointId: string): PagingBehavior => ({
  id,
  kind: 'notification',
  filters: values.map((value) => ({ key: 'instance', value })),
  endpointIds: [endpointId],
  silencing: false,
});

describe('the matching budget of an event', () => {
  it('stops a rule whose filters would take too long, pages the rest and names it undecided', () => {
    // 50 different 1,000-character patterns that all match: each costs about a million steps
    // against a 1,000-character instance, 50 million in all without the budget.
    const heavy = notification(
      'b-heavy',
      [...LETTERS].map((letter) => `${'*a'.repeat(498)}*${letter}*`),
      'heavy-endpoint',
    );
    const light = notification('a-light', ['a*'], 'light-endpoint');
    const after = notification('c-after', ['*'], 'after-endpoint');
    const applied = applyPagingBehaviors({
      targets: ['own'],
      behaviors: [light, heavy, after],
      alert: { instance: `${'a'.repeat(950)}${LETTERS}`, labels: null, annotations: null },
      ruleType: 'api',
      now: 0,
    });
    expect(applied.endpointIds).toEqual(['own', 'light-endpoint']);
    expect(applied.record).toEqual({
      routed: [{ behaviorRuleId: 'a-light', endpointIds: ['light-endpoint'] }],
      undecided: ['b-heavy', 'c-after'],
    });
  });

  it('decides 20 rules of ordinary filters against a 40,000-character value within it', () => {
    const rules = Array.from({ length: 20 }, (_, index) =>
      notification(`rule-${index}`, ['(x|y)*a*a*a*a*a*a*a*a*a*a*b', 'x* & !*c'], `endpoint-${index}`),
    );
    const applied = applyPagingBehaviors({
      targets: [],
      behaviors: rules,
      alert: { instance: `x${'a'.repeat(40_000)}b`, labels: null, annotations: null },
      ruleType: 'api',
      now: 0,
    });
    expect(applied.endpointIds).toHaveLength(20);
    expect(applied.record?.undecided).toBeUndefined();
  });
});
