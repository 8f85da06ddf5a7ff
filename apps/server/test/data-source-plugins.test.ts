import { readFileSync } from 'node:fs';
import { DataSource } from '@oncall/core/persistence';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/test-app';

// Data sources follow the loaded source plugins: their types, labels, webhook tokens and checks.

const prometheusFixture = (name: string): unknown =>
  JSON.parse(
    readFileSync(
      new URL(`../../../plugins/source-prometheus/fixtures/${name}.json`, import.meta.url),
      'utf8',
    ),
  );

describe('data sources of the loaded source plugins', () => {
  let h: TestApp;
  let owner: string;
  beforeAll(async () => {
    h = await createTestApp();
    owner = await h.adminToken();
  });
  afterAll(() => h.dispose());

  it('gives a prometheus data source a webhook token, as its plugin takes Alertmanager pushes', async () => {
    const created = await h.call('POST', '/api/v1/data-source', {
      token: owner,
      body: { name: 'alertmanager', type: 'prometheus', url: 'http://prometheus.internal:9090' },
    });
    expect(created.statusCode).toBe(201);
    const view = created.json();
    expect(view).toMatchObject({ isWebhook: true, webhookToken: expect.stringMatching(/^ds_/) });
    expect(view.webhookUrl).toBe(`http://oncall.test/api/v1/prometheus-alert/${view.webhookToken}`);

    const post = (token: string) =>
      h.call('POST', `/api/v1/prometheus-alert/${token}`, { body: prometheusFixture('firing-batch') });
    expect((await post('ds_not-this-one')).statusCode).toBe(401);
    const accepted = await post(view.webhookToken);
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json()).toMatchObject({ status: true, matched: 0 });
  });

  it('gives a data source of a query-only type no token, and its type no webhook route', async () => {
    const created = await h.call('POST', '/api/v1/data-source', {
      token: owner,
      body: { name: 'es', type: 'elastic', url: 'http://es.internal:9200' },
    });
    expect(created.json()).toMatchObject({ isWebhook: false, webhookToken: null, webhookUrl: null });
    const posted = await h.call('POST', '/api/v1/elastic-alert/ds_anything', { body: {} });
    expect(posted.statusCode).toBe(404);
  });

  it('labels the types with their plugins’ display names, in the built-in order', async () => {
    const types = (await h.call('GET', '/api/v1/data-source/types', { token: owner })).json();
    expect(types).toEqual([
      { type: 'prometheus', label: 'Prometheus', isWebhook: true },
      { type: 'grafana', label: 'Grafana', isWebhook: true },
      { type: 'pmm', label: 'Percona Monitoring and Management', isWebhook: true },
      { type: 'sentry', label: 'Sentry', isWebhook: true },
      { type: 'splunk', label: 'Splunk', isWebhook: true },
      { type: 'metabase', label: 'Metabase', isWebhook: false },
      { type: 'zabbix', label: 'Zabbix', isWebhook: true },
      { type: 'elastic', label: 'Elasticsearch', isWebhook: false },
      { type: 'victoria_logs', label: 'VictoriaLogs', isWebhook: false },
    ]);
  });

  it('refuses a type no loaded plugin serves in the core too, at `type`', async () => {
    const actor = {
      userId: await h.t.createUser('ds-owner', 'owner'),
      role: 'owner' as const,
      sessionId: 's',
      isSystemAdmin: false,
    };
    await expect(
      h.t.core.dataSources.create(actor, { name: 'nagios', type: 'nagios', url: 'http://nagios.internal' }),
    ).rejects.toMatchObject({
      code: 'validation_failed',
      fieldErrors: { type: ['The selected type is invalid.'] },
    });
  });

  it('still lists, reads and checks a stored data source whose type no loaded plugin serves', async () => {
    const em = h.t.database.db.orm.em.fork();
    const orphan = em.create(DataSource, { name: 'orphan', type: 'nagios', url: 'http://nagios.internal' });
    await em.flush();
    const read = await h.call('GET', `/api/v1/data-source/${orphan.id}`, { token: owner });
    expect(read.statusCode).toBe(200);
    expect(read.json()).toMatchObject({ type: 'nagios', isWebhook: false, webhookUrl: null });
    const list = await h.call('GET', '/api/v1/data-source?name=orphan', { token: owner });
    expect(list.json().data).toHaveLength(1);
    const status = await h.call('GET', `/api/v1/data-source/status/${orphan.id}`, { token: owner });
    expect(status.json()).toEqual({
      isConnected: false,
      message: 'No loaded source plugin serves the type "nagios".',
    });
    await h.call('DELETE', `/api/v1/data-source/${orphan.id}`, { token: owner });
  });
});
