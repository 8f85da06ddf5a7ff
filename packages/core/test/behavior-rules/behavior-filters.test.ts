import { describe, expect, it } from 'vitest';
import { matchesBehaviorFilters } from '../../src/behavior-rules/behavior-filters';

const alert = {
  instance: 'web-1',
  labels: { env: 'prod-eu', team: 'db' },
  annotations: { summary: 'disk full', env: 'ignored' },
};

describe('matchesBehaviorFilters', () => {
  it('passes when there are no filters', () => {
    expect(matchesBehaviorFilters([], alert, 'prometheus')).toBe(true);
  });

  it('needs every filter to match', () => {
    const filters = [
      { key: 'env', value: 'prod-*' },
      { key: 'team', value: 'db|web' },
    ];
    expect(matchesBehaviorFilters(filters, alert, 'prometheus')).toBe(true);
    expect(matchesBehaviorFilters([...filters, { key: 'team', value: '!db' }], alert, 'prometheus')).toBe(
      false,
    );
  });

  it('reads the label first, then the annotation of the same name', () => {
    expect(matchesBehaviorFilters([{ key: 'env', value: 'prod-eu' }], alert, 'grafana')).toBe(true);
    expect(matchesBehaviorFilters([{ key: 'env', value: 'ignored' }], alert, 'grafana')).toBe(false);
    expect(matchesBehaviorFilters([{ key: 'summary', value: 'disk *' }], alert, 'grafana')).toBe(true);
  });

  it('never matches a key the alert lacks, not even with * or a negation', () => {
    for (const value of ['*', '!x', '!*']) {
      expect(matchesBehaviorFilters([{ key: 'region', value }], alert, 'prometheus'), value).toBe(false);
    }
    expect(matchesBehaviorFilters([{ key: 'env', value: '*' }], { instance: 'x' }, 'zabbix')).toBe(false);
  });

  it.each(['api', 'notification'])('matches the instance for %s rules, whatever the key', (type) => {
    expect(matchesBehaviorFilters([{ key: 'anything', value: 'web-*' }], alert, type)).toBe(true);
    expect(matchesBehaviorFilters([{ key: 'env', value: 'prod-*' }], alert, type)).toBe(false);
    expect(matchesBehaviorFilters([{ key: 'instance', value: '*' }], { labels: {} }, type)).toBe(false);
  });

  it('does not read inherited properties as labels', () => {
    expect(matchesBehaviorFilters([{ key: 'toString', value: '*' }], alert, 'prometheus')).toBe(false);
  });
});
