import {
  FAKE_LIST_DATA,
  type MonitoringRequest,
  type RecordingHttpServer,
  startFakeMonitoringSystem,
} from '@oncall/fakes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/test-app';

/**
 * The pick lists of the original web UI's rule forms (skylogsio/skylogs, `apps/frontend/src/api/alertRule.ts`):
 * `getDataSourceAlertName(type)` asks `alert-rule/create-data/rules?type=…` with no data source for
 * every rule form (prometheus, grafana, pmm, sentry, splunk), and `ExtraField.tsx` asks
 * `alert-rule/labels` and `alert-rule/label-values/{label}`; each hands the body to an Autocomplete
 * as its options, so a bare list of names.
 */
describe('rule-form lists as the legacy web UI asks for them', () => {
  let h: TestApp;
  let member: string;
  let prometheus: RecordingHttpServer<MonitoringRequest>;
  let otherPrometheus: RecordingHttpServer<MonitoringRequest>;

  beforeAll(async () => {
    h = await createTestApp();
    const admin = await h.adminToken();
    member = (await h.userWithToken('legacy-lists-member', 'member')).token;
    prometheus = await startFakeMonitoringSystem('prometheus');
    otherPrometheus = await startFakeMonitoringSystem('prometheus', {
      lists: { ...FAKE_LIST_DATA, rules: ['DiskFull', 'InstanceDown'], labels: { env: ['prod'] } },
    });
    for (const [name, url] of [
      ['prom-a', prometheus.url],
      ['prom-b', otherPrometheus.url],
    ] as const) {
      const created = await h.call('POST', '/api/v1/data-source', {
        token: admin,
        body: { name, type: 'prometheus', url },
      });
      expect(created.statusCode).toBe(201);
    }
  });
  afterAll(async () => {
    await Promise.all([prometheus.close(), otherPrometheus.close()]);
    await h.dispose();
  });

  const get = (path: string) => h.call('GET', `/api/v1/${path}`, { token: member });

  it('lists the rule names of every data source of a type when no data source is named', async () => {
    const rules = await get('alert-rule/create-data/rules?type=prometheus');
    expect(rules.statusCode, rules.body).toBe(200);
    expect(rules.json()).toEqual(['DiskFull', 'HighErrorRate', 'InstanceDown']);
  });

  it('answers an empty list for a type with no data source or whose sources define no rules', async () => {
    for (const type of ['grafana', 'sentry', 'splunk', 'api']) {
      const rules = await get(`alert-rule/create-data/rules?type=${type}`);
      expect(rules.statusCode, `${type}: ${rules.body}`).toBe(200);
      expect(rules.json()).toEqual([]);
    }
    const unknown = await get('alert-rule/create-data/rules?type=nonsense');
    expect(unknown.statusCode).toBe(422);
    expect(Object.keys(unknown.json().errors)).toEqual(['type']);
  });

  it('answers the label names and values on the legacy paths as bare lists', async () => {
    const labels = await get('alert-rule/labels');
    expect(labels.statusCode, labels.body).toBe(200);
    expect(labels.json()).toEqual(['__name__', 'env', 'instance', 'job']);
    const values = await get('alert-rule/label-values/job');
    expect(values.statusCode, values.body).toBe(200);
    expect(values.json()).toEqual(['api', 'node']);
    const bad = await get('alert-rule/label-values/1job');
    expect(bad.statusCode).toBe(422);
  });
});
