import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedRule } from './support/seed-rule';
import { createTestApp, type TestApp } from './support/test-app';

/**
 * Times in the status-timeline and history queries are bounded at the edge to what PostgreSQL and JS
 * dates both hold (1970 to the end of 9999): anything else is a 422 at the field, never a 500.
 */
describe('time bounds of the alert read queries', () => {
  let h: TestApp;
  let token: string;
  let ruleId: string;

  beforeAll(async () => {
    h = await createTestApp();
    token = await h.adminToken();
    ({ ruleId } = await seedRule(h.t));
  });
  afterAll(() => h.dispose());

  const status = (query: string) =>
    h.call('GET', `/api/v1/alert-rule/status?alertRuleIds=${ruleId}&${query}`, { token });
  const history = (query: string) =>
    h.call('GET', `/api/v1/alert-rule/history/${ruleId}?${query}`, { token });

  it.each([
    ['fromTime=-8640000000000&toTime=0', 'fromTime'],
    ['fromTime=-1&toTime=100', 'fromTime'],
    // 10^12 and more is milliseconds (the legacy web UI's `Date.getTime()`): past 9999 in those too.
    ['fromTime=0&toTime=9224318016000000', 'toTime'],
    ['fromTime=0&toTime=253402300800', 'toTime'],
    ['fromTime=253402300800&toTime=253402300900', 'fromTime'],
  ])('refuses the status timeline for %s at %s', async (query, field) => {
    const response = await status(query);
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toHaveProperty(field);
  });

  it('answers the status timeline from 1970 to the end of 9999', async () => {
    const response = await status('fromTime=0&toTime=253402300799&bucketCount=1000');
    expect(response.statusCode).toBe(200);
    expect(response.json()[0].segments).toHaveLength(1000);
  });

  it.each([
    ['to=9999-12-31%2023:60', 'to'],
    ['to=10000-01-01%2000:00', 'to'],
    ['from=0000-01-01%2000:00', 'from'],
    ['from=1969-12-31%2023:59', 'from'],
    ['to=0000-01-01%2000:00', 'to'],
  ])('refuses history for %s at %s', async (query, field) => {
    const response = await history(query);
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toHaveProperty(field);
  });

  it('answers history from 1970-01-01 00:00 to 9999-12-31 23:59', async () => {
    const response = await history('from=1970-01-01%2000:00&to=9999-12-31%2023:59');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ total: 0, data: [] });
  });
});
