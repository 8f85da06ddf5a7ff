import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedWebhookRule } from './support/seed-data-source';
import { seedRule } from './support/seed-rule';
import { createTestApp, type TestApp } from './support/test-app';

/** Bodies that are refused with 422 (413 when too large) when the token is good. */
const BAD_BODIES: Array<{ label: string; payload: string; contentType?: string }> = [
  { label: 'nested 3,500 deep', payload: `${'{"a":'.repeat(3_500)}1${'}'.repeat(3_500)}` },
  { label: 'malformed JSON', payload: '{"instance": "a' },
  { label: 'wrong types', payload: JSON.stringify({ instance: 5, alertname: [], status: 'bogus' }) },
  { label: 'NUL character', payload: JSON.stringify({ instance: 'a\u0000b', status: 'critical' }) },
  { label: 'empty', payload: '' },
  { label: 'not JSON', payload: 'instance=a', contentType: 'text/plain' },
  { label: 'too large', payload: JSON.stringify({ instance: 'x'.repeat(70 * 1024) }) },
];

const API_ROUTES = ['fire-alert', 'resolve-alert', 'stop-alert', 'status-alert'];

describe('ingestion checks the token before the body', () => {
  let h: TestApp;
  let apiToken: string;
  let notificationToken: string;
  let grafanaToken: string;

  beforeAll(async () => {
    h = await createTestApp();
    apiToken = (await seedRule(h.t)).token;
    notificationToken = (await seedRule(h.t, { type: 'notification' })).token;
    grafanaToken = (await seedWebhookRule(h.t, 'grafana', { queryType: 'dynamic' })).token;
  });
  afterAll(() => h.dispose());

  const post = (url: string, bad: (typeof BAD_BODIES)[number], headers: Record<string, string> = {}) =>
    h.call('POST', url, {
      body: bad.payload,
      headers: { 'content-type': bad.contentType ?? 'application/json', ...headers },
    });

  it('answers 401 for an unknown, missing or other-kind rule token whatever the body', async () => {
    const failures: string[] = [];
    const cases: Array<[string, Record<string, string>]> = [
      ...API_ROUTES.map((r): [string, Record<string, string>] => [r, { authorization: 'Bearer ak_unknown' }]),
      ...API_ROUTES.map((r): [string, Record<string, string>] => [r, {}]),
      ...API_ROUTES.map((r): [string, Record<string, string>] => [
        r,
        { authorization: `Bearer ${notificationToken}` },
      ]),
      ['notification-alert', { 'x-api-token': 'ak_unknown' }],
      ['notification-alert', { authorization: `Bearer ${apiToken}` }],
    ];
    for (const [route, headers] of cases) {
      for (const bad of BAD_BODIES) {
        const response = await post(`/api/v1/${route}`, bad, headers);
        if (response.statusCode !== 401)
          failures.push(`${route} ${JSON.stringify(headers)} [${bad.label}] → ${response.statusCode}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('answers 401 for an unknown webhook token whatever the body', async () => {
    const failures: string[] = [];
    for (const bad of BAD_BODIES) {
      for (const url of ['/api/v1/grafana-alert/ds_unknown', `/api/v1/zabbix-alert/${grafanaToken}`]) {
        const response = await post(url, bad);
        if (response.statusCode !== 401) failures.push(`${url} [${bad.label}] → ${response.statusCode}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('still judges the body once the token is good', async () => {
    const statuses = async (url: string, headers: Record<string, string> = {}) =>
      Promise.all(BAD_BODIES.map(async (bad) => (await post(url, bad, headers)).statusCode));
    expect(await statuses('/api/v1/status-alert', { authorization: `Bearer ${apiToken}` })).toEqual([
      422, 422, 422, 422, 422, 422, 413,
    ]);
    expect(await statuses(`/api/v1/grafana-alert/${grafanaToken}`)).toEqual([
      422, 422, 422, 422, 422, 422, 413,
    ]);
    const fired = await h.call('POST', '/api/v1/fire-alert', {
      token: apiToken,
      body: { alertname: 'disk', instance: 'db-1' },
    });
    expect(fired.json()).toEqual({ status: true, message: 'Activated' });
  });
});
