import { loadConfig } from '@oncall/config';
import { queryRows } from '@oncall/core/persistence';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/test-app';

// Resolved by this package's vitest config to the SDK's example source, as if installed.
const UPTIME_KUMA = '@fixture/oncall-source-uptime-kuma';

const BUILT_IN_TYPES = [
  'api',
  'notification',
  'prometheus',
  'grafana',
  'pmm',
  'sentry',
  'splunk',
  'metabase',
  'zabbix',
  'elastic',
  'victoria_logs',
  'heartbeat',
];

describe('rule types of a source plugin that SOURCE_PLUGINS names', () => {
  let h: TestApp;
  let admin: string;
  let kumaSource: string;

  const seedSource = async (type: string) => {
    const [row] = await queryRows<{ id: string }>(
      h.t.core.orm.em.fork(),
      'insert into data_sources (id, name, type, url, created_at, updated_at) values (gen_random_uuid(), ?, ?, ?, now(), now()) returning id',
      [type, type, `https://${type}.example.invalid`],
    );
    return row?.id ?? '';
  };

  beforeAll(async () => {
    const config = loadConfig({
      ENCRYPTION_KEY: 'ab'.repeat(32),
      JWT_SECRET: 'x'.repeat(40),
      ADMIN_PASSWORD: 'admin-password-1',
      SOURCE_PLUGINS: UPTIME_KUMA,
    });
    h = await createTestApp({}, config.plugins);
    admin = await h.adminToken();
    kumaSource = await seedSource('uptime_kuma');
  });
  afterAll(() => h.dispose());

  const create = (body: Record<string, unknown>) =>
    h.call('POST', '/api/v1/alert-rule', { token: admin, body: { type: 'uptime_kuma', ...body } });

  it('lists the type after the built-in ones', async () => {
    const types = await h.call('GET', '/api/v1/alert-rule/types', { token: admin });
    expect(types.json()).toEqual([...BUILT_IN_TYPES, 'uptime_kuma']);
    const unknown = await h.call('POST', '/api/v1/alert-rule', {
      token: admin,
      body: { type: 'nagios', name: 'x' },
    });
    expect(unknown.json().errors).toEqual({
      type: [`The type must be one of ${[...BUILT_IN_TYPES, 'uptime_kuma'].join(', ')}.`],
    });
  });

  it("creates a rule of the type, checked by the plugin's rule fields, and lists and filters it", async () => {
    const bad = await create({ name: 'Checkout monitor', dataSourceIds: [], dataSourceAlertName: 42 });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({
      dataSourceIds: ['Select at least one data source.'],
      dataSourceAlertName: ['The data source alert name field is required.'],
    });
    const otherType = await create({
      name: 'Checkout monitor',
      dataSourceIds: [await seedSource('grafana')],
    });
    expect(otherType.json().errors).toEqual({
      'dataSourceIds.0': ['The selected data source is invalid: it must be a uptime_kuma data source.'],
    });

    const created = await create({
      name: 'Checkout monitor',
      dataSourceIds: [kumaSource],
      dataSourceAlertName: ' Checkout API ',
      extraField: [{ key: 'monitor', value: '*' }],
    });
    expect(created.statusCode, created.body).toBe(200);
    const rule = created.json();
    expect(rule).toMatchObject({
      type: 'uptime_kuma',
      name: 'Checkout monitor',
      dataSourceIds: [kumaSource],
      dataSourceAlertName: 'Checkout API',
    });
    // Fields the plugin does not declare are not stored.
    expect(rule).not.toHaveProperty('extraField');

    const renamed = await h.call('PUT', `/api/v1/alert-rule/${rule.id}`, {
      token: admin,
      body: { dataSourceAlertName: 'Checkout' },
    });
    expect(renamed.json()).toMatchObject({ type: 'uptime_kuma', dataSourceAlertName: 'Checkout' });
    const emptied = await h.call('PUT', `/api/v1/alert-rule/${rule.id}`, {
      token: admin,
      body: { dataSourceIds: [] },
    });
    expect(emptied.json().errors).toEqual({ dataSourceIds: ['Select at least one data source.'] });

    await h.call('POST', '/api/v1/alert-rule', { token: admin, body: { type: 'api', name: 'API rule' } });
    const filtered = await h.call('GET', '/api/v1/alert-rule?types=uptime_kuma', { token: admin });
    expect(filtered.json().data.map((r: { name: string; type: string }) => [r.name, r.type])).toEqual([
      ['Checkout monitor', 'uptime_kuma'],
    ]);
    const listed = await h.call('GET', '/api/v1/alert-rule', { token: admin });
    expect(
      listed
        .json()
        .data.map((r: { type: string }) => r.type)
        .sort(),
    ).toEqual(['api', 'uptime_kuma']);
  });

  it('refuses, in the use case itself, a type no plugin serves and fields its type refuses', async () => {
    const actor = await h.t.core.auth.authenticate(admin);
    const common = {
      name: 'Direct',
      tags: [],
      userIds: [],
      teamIds: [],
      endpointIds: [],
      scheduleTargets: [],
      showAcknowledgeBtn: false,
      groupInterval: null,
      groupBy: [],
      repeatInterval: 0,
    };
    await expect(h.t.core.alertRules.create(actor, { ...common, type: 'nagios' })).rejects.toMatchObject({
      code: 'validation_failed',
      fieldErrors: { type: [expect.stringContaining('uptime_kuma')] },
    });
    await expect(
      h.t.core.alertRules.create(actor, { ...common, type: 'uptime_kuma', dataSourceIds: [] }),
    ).rejects.toMatchObject({ fieldErrors: { dataSourceIds: ['Select at least one data source.'] } });
  });

  it('lists the rule with its type on GraphQL, which filters by it', async () => {
    const answer = await h.call('POST', '/graphql', {
      token: admin,
      body: { query: '{ alertRules(filters: { types: [uptime_kuma] }) { items { name type typeFields } } }' },
    });
    expect(answer.json()).toEqual({
      data: {
        alertRules: {
          items: [
            {
              name: 'Checkout monitor',
              type: 'uptime_kuma',
              typeFields: JSON.stringify({ dataSourceAlertName: 'Checkout' }),
            },
          ],
        },
      },
    });
  });
});
