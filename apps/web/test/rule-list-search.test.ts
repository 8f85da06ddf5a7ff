import { describe, expect, it } from 'vitest';
import {
  isFiltered,
  parseRuleListSearch,
  ruleFilterInput,
  ruleListInput,
} from '../src/rules/rule-list-search';

describe('the alert-rule list filters in the URL', () => {
  it('keeps the filters it knows and drops the rest', () => {
    expect(
      parseRuleListSearch({
        name: 'disk',
        state: 'critical',
        silent: 'silent',
        types: ['api', 'zabbix'],
        tags: 'db',
        owner: 'u1',
        endpoint: 'e1',
        other: 'x',
      }),
    ).toEqual({
      name: 'disk',
      state: 'critical',
      silent: 'silent',
      types: ['api', 'zabbix'],
      tags: ['db'],
      owner: 'u1',
      endpoint: 'e1',
    });
    expect(
      parseRuleListSearch({ name: '  ', state: 'on-fire', silent: 'maybe', tags: ['', ' '], owner: 7 }),
    ).toEqual({});
  });

  it('says whether any filter is set', () => {
    expect(isFiltered({})).toBe(false);
    expect(isFiltered({ tags: ['db'] })).toBe(true);
  });

  it('turns them into the list and group-action inputs', () => {
    expect(
      ruleListInput(
        { name: 'disk', state: 'warning', silent: 'active', types: ['api'], owner: 'u1', endpoint: 'e1' },
        2,
        50,
      ),
    ).toEqual({
      page: 2,
      perPage: 50,
      alertname: 'disk',
      status: ['warning'],
      silentStatus: 'active',
      types: ['api'],
      userId: 'u1',
      endpointId: 'e1',
    });
    expect(ruleListInput({}, 1, 25)).toEqual({ page: 1, perPage: 25 });
    expect(ruleFilterInput({ tags: ['db', 'web'] })).toEqual({ tags: ['db', 'web'] });
  });
});
