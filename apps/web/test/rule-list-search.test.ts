import { describe, expect, it } from 'vitest';
import { parseRuleListSearch, ruleListInput } from '../src/rules/rule-list-search';

describe('the alert-rule list filters in the URL', () => {
  it('keeps the filters it knows and drops the rest', () => {
    expect(
      parseRuleListSearch({ name: 'disk', state: 'critical', silent: 'silent', page: '3', other: 'x' }),
    ).toEqual({ name: 'disk', state: 'critical', silent: 'silent', page: 3 });
    expect(parseRuleListSearch({ name: '  ', state: 'on-fire', silent: 'maybe', page: '0' })).toEqual({});
    expect(parseRuleListSearch({ page: 1.5 })).toEqual({});
  });

  it('turns them into the list procedure input', () => {
    expect(ruleListInput({ name: 'disk', state: 'warning', silent: 'active', page: 2 }, 50)).toEqual({
      page: 2,
      perPage: 50,
      alertname: 'disk',
      status: ['warning'],
      silentStatus: 'active',
    });
    expect(ruleListInput({}, 25)).toEqual({ page: 1, perPage: 25 });
  });
});
