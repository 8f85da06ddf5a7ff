import { describe, expect, it } from 'vitest';
import {
  contactMethodsOf,
  delayLabel,
  describeRule,
  type EndpointRow,
  orderedRules,
  type RuleRow,
  withoutRules,
} from '../src/profile/notification-rule-lists';

const ME = 'usr-me';
const LABELS: Record<string, string> = { sms: 'SMS', telegram: 'Telegram', call: 'Voice call' };
const endpoints: EndpointRow[] = [
  { id: 'sms', name: 'phone', type: 'sms', userId: ME },
  { id: 'chat', name: 'my chat', type: 'telegram', userId: ME },
  { id: 'flow', name: 'escalation', type: 'flow', userId: ME },
  { id: 'theirs', name: 'their phone', type: 'call', userId: 'usr-other' },
];
const rule = (
  id: string,
  urgency: RuleRow['urgency'],
  delayMinutes: number,
  endpointId: string,
): RuleRow => ({
  id,
  urgency,
  delayMinutes,
  endpointId,
});

describe('notification rules on the profile', () => {
  const methods = contactMethodsOf(endpoints, ME, (type) => LABELS[type] ?? type);

  it('offers only the user’s own endpoints, flows excepted, by name', () => {
    expect(methods.map((method) => method.id)).toEqual(['chat', 'sms']);
  });

  it('says delays the way a person reads them', () => {
    expect([0, 2, 60, 90, 1440].map(delayLabel)).toEqual([
      'at once',
      'after 2 min',
      'after 1 h',
      'after 1 h 30 min',
      'after 24 h',
    ]);
  });

  it('lists one urgency’s rules in the order they page, by delay then by endpoint', () => {
    const rules = [
      rule('r1', 'default', 5, 'sms'),
      rule('r2', 'high', 0, 'sms'),
      rule('r3', 'default', 0, 'sms'),
      rule('r4', 'default', 0, 'chat'),
    ];
    expect(orderedRules(rules, 'default', methods).map((row) => describeRule(row, methods))).toEqual([
      "at once: SMS 'phone'",
      "at once: Telegram 'my chat'",
      "after 5 min: SMS 'phone'",
    ]);
    expect(orderedRules(rules, 'high', methods).map((row) => row.id)).toEqual(['r2']);
  });

  it('names a rule whose endpoint moved to someone else as skipped', () => {
    expect(describeRule(rule('r1', 'default', 2, 'theirs'), methods)).toBe(
      'after 2 min: an endpoint you no longer own (skipped)',
    );
  });

  it('says what a page without rules of its urgency does, as the server falls back', () => {
    expect(withoutRules('default', [])).toBe(
      'No default-urgency rules: such a page reaches every endpoint you own at once.',
    );
    expect(withoutRules('high', [])).toBe(
      'No high-urgency rules: such a page reaches every endpoint you own at once.',
    );
    expect(withoutRules('high', [rule('r1', 'default', 0, 'sms')])).toBe(
      'No high-urgency rules: a high-urgency page runs your default-urgency rules.',
    );
    // Only high rules: a default page still reaches everything at once.
    expect(withoutRules('default', [rule('r1', 'high', 0, 'sms')])).toBe(
      'No default-urgency rules: such a page reaches every endpoint you own at once.',
    );
  });
});
