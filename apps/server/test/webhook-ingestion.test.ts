import { readFileSync } from 'node:fs';
import { AlertEvent, AlertInstance, AlertRule } from '@oncall/core/persistence';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedWebhookRule } from './support/seed-data-source';
import { createTestApp, type TestApp } from './support/test-app';

const fixture = (plugin: string, name: string): unknown =>
  JSON.parse(
    readFileSync(new URL(`../../../plugins/source-${plugin}/fixtures/${name}.json`, import.meta.url), 'utf8'),
  );

describe('webhook sources', () => {
  let h: TestApp;
  beforeAll(async () => {
    h = await createTestApp({ ingestPerTokenPerMinute: 100_000 });
  });
  afterAll(() => h.dispose());

  const instances = async (ruleId: string) =>
    (
      await h.t.core.orm.em.fork().find(AlertInstance, { rule: ruleId }, { orderBy: { instance: 'asc' } })
    ).map((i) => `${i.instance}:${i.state}`);
  const state = async (ruleId: string) =>
    (await h.t.core.orm.em.fork().findOneOrFail(AlertRule, { id: ruleId })).state;

  it('fires and resolves Grafana alerts on the rules whose filters match, by fingerprint', async () => {
    const matching = await seedWebhookRule(h.t, 'grafana', {
      queryType: 'dynamic',
      dataSourceAlertName: 'High memory usage',
    });
    const other = await seedWebhookRule(
      h.t,
      'grafana',
      { queryType: 'dynamic', dataSourceAlertName: 'Disk full' },
      matching.sourceId,
    );
    const post = (body: unknown) => h.call('POST', `/api/v1/grafana-alert/${matching.token}`, { body });

    const firing = await post(fixture('grafana', 'firing-batch'));
    expect(firing.statusCode).toBe(200);
    expect(firing.json()).toEqual({ status: true, alerts: 2, matched: 2 });
    expect(await instances(matching.ruleId)).toEqual(['db-1:9100:critical', 'db-2:9100:critical']);
    expect(await instances(other.ruleId)).toEqual([]);

    await post(fixture('grafana', 'partly-resolved'));
    expect(await instances(matching.ruleId)).toEqual(['db-1:9100:resolved', 'db-2:9100:critical']);
    await post(fixture('grafana', 'resolved'));
    expect(await instances(matching.ruleId)).toEqual(['db-1:9100:resolved', 'db-2:9100:resolved']);
    expect(await state(matching.ruleId)).toBe('resolved');
    const kinds = (await h.t.core.orm.em.fork().find(AlertEvent, { rule: matching.ruleId }))
      .map((e) => e.kind)
      .sort();
    expect(kinds).toEqual(['fired', 'fired', 'resolved', 'resolved']);
  });

  it('matches extraField label filters with wildcards', async () => {
    const db1 = await seedWebhookRule(h.t, 'grafana', {
      queryType: 'dynamic',
      dataSourceAlertName: 'High memory usage',
      extraField: [{ key: 'instance', value: 'db-1*' }],
    });
    const response = await h.call('POST', `/api/v1/grafana-alert/${db1.token}`, {
      body: fixture('grafana', 'firing-batch'),
    });
    expect(response.json().matched).toBe(1);
    expect(await instances(db1.ruleId)).toEqual(['db-1:9100:critical']);
  });

  it('filters Zabbix events by host and severity, and pairs a recovery with its problem', async () => {
    // problem.json: host db-1, severity 4 (high), event 8812; recovery.json closes event 8812.
    const high = await seedWebhookRule(h.t, 'zabbix', { hosts: ['db-1'], severities: ['4', '5'] });
    const wrongHost = await seedWebhookRule(h.t, 'zabbix', { hosts: ['edge-router-3'] }, high.sourceId);
    const disasterOnly = await seedWebhookRule(h.t, 'zabbix', { severities: ['5'] }, high.sourceId);
    const post = (name: string) =>
      h.call('POST', `/api/v1/zabbix-alert/${high.token}`, { body: fixture('zabbix', name) });
    expect((await post('problem')).json()).toMatchObject({ status: true, matched: 1 });
    expect(await instances(high.ruleId)).toEqual(['db-1:critical']);
    expect(await instances(wrongHost.ruleId)).toEqual([]);
    expect(await instances(disasterOnly.ruleId)).toEqual([]);
    await post('recovery');
    expect(await instances(high.ruleId)).toEqual(['db-1:resolved']);
    expect(await state(high.ruleId)).toBe('resolved');
  });

  it('accepts vendor alert names longer than the stored column, cut to fit', async () => {
    const { ruleId, token } = await seedWebhookRule(h.t, 'grafana', { queryType: 'dynamic' });
    const payload = fixture('grafana', 'firing-batch') as {
      alerts: Array<{ labels: Record<string, string> }>;
    };
    for (const alert of payload.alerts) alert.labels.alertname = 'n'.repeat(600);
    const response = await h.call('POST', `/api/v1/grafana-alert/${token}`, { body: payload });
    expect(response.statusCode).toBe(200);
    const stored = await h.t.core.orm.em.fork().find(AlertInstance, { rule: ruleId });
    expect(stored).toHaveLength(2);
    expect(stored.every((i) => i.alertname?.length === 255)).toBe(true);
  });

  it('refuses a bad token with 401 and a payload that is not the vendor format with 422, storing nothing', async () => {
    const { ruleId, token } = await seedWebhookRule(h.t, 'grafana', { queryType: 'dynamic' });
    expect(
      (await h.call('POST', '/api/v1/grafana-alert/ds_unknown', { body: fixture('grafana', 'firing-batch') }))
        .statusCode,
    ).toBe(401);
    // A token of another type's data source does not open this type's webhook.
    expect(
      (await h.call('POST', `/api/v1/zabbix-alert/${token}`, { body: fixture('zabbix', 'problem') }))
        .statusCode,
    ).toBe(401);
    const bad = await h.call('POST', `/api/v1/grafana-alert/${token}`, { body: { alerts: 'nope' } });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors)[0]).toMatch(/^body/);
    for (const payload of ['null', '[]', '42', '"x"']) {
      const response = await h.call('POST', `/api/v1/grafana-alert/${token}`, {
        body: payload,
        headers: { 'content-type': 'application/json' },
      });
      expect(response.statusCode).toBe(422);
    }
    expect(await instances(ruleId)).toEqual([]);
  });

  it('refuses an alert of a batch with a lone surrogate or a NUL alone, at its path, and stores the others', async () => {
    const { ruleId, token } = await seedWebhookRule(h.t, 'grafana', { queryType: 'dynamic' });
    const batch = fixture('grafana', 'firing-batch') as {
      alerts: Array<{ labels: Record<string, string> }>;
    };
    const second = batch.alerts[1];
    if (!second) throw new Error('the fixture has two alerts');
    second.labels.job = '\ud800';
    const response = await h.call('POST', `/api/v1/grafana-alert/${token}`, { body: batch });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({
      'body.alerts.1.labels.job': ['The value may not contain a lone UTF-16 surrogate.'],
    });
    expect(response.json().message).toMatch(/1 of 2 alerts .*refused.*1 .*stored/);
    expect(await instances(ruleId)).toEqual(['db-1:9100:critical']);

    // In a key, a trailing low surrogate, or a NUL: the same, one alert at a time.
    const keyed = fixture('grafana', 'firing-batch') as { alerts: Array<Record<string, unknown>> };
    keyed.alerts[0] = { ...keyed.alerts[0], annotations: { 'x\udc00': 'y' } };
    const nul = fixture('grafana', 'firing-batch') as { alerts: Array<{ labels: Record<string, string> }> };
    for (const alert of nul.alerts) alert.labels.team = 'a\u0000b';
    const byKey = await h.call('POST', `/api/v1/grafana-alert/${token}`, { body: keyed });
    expect(byKey.statusCode).toBe(422);
    expect(byKey.json().errors).toEqual({
      'body.alerts.0.annotations.key': ['The value may not contain a lone UTF-16 surrogate.'],
    });
    const byNul = await h.call('POST', `/api/v1/grafana-alert/${token}`, { body: nul });
    expect(byNul.statusCode).toBe(422);
    expect(Object.keys(byNul.json().errors)).toEqual([
      'body.alerts.0.labels.team',
      'body.alerts.1.labels.team',
    ]);
    expect(await instances(ruleId)).toEqual(['db-1:9100:critical', 'db-2:9100:critical']);
  });

  it('refuses a whole payload whose lone surrogate is outside any alert, or in a one-alert payload, storing nothing', async () => {
    const grafana = await seedWebhookRule(h.t, 'grafana', { queryType: 'dynamic' });
    const batch = { ...(fixture('grafana', 'firing-batch') as object), receiver: 'on\ud83dcall' };
    const outside = await h.call('POST', `/api/v1/grafana-alert/${grafana.token}`, { body: batch });
    expect(outside.statusCode).toBe(422);
    expect(outside.json().errors).toEqual({
      'body.receiver': ['The value may not contain a lone UTF-16 surrogate.'],
    });
    expect(await instances(grafana.ruleId)).toEqual([]);

    const zabbix = await seedWebhookRule(h.t, 'zabbix', {});
    const problem = { ...(fixture('zabbix', 'problem') as object), host: 'db-\udfff' };
    const single = await h.call('POST', `/api/v1/zabbix-alert/${zabbix.token}`, { body: problem });
    expect(single.statusCode).toBe(422);
    expect(single.json().errors).toEqual({
      'body.host': ['The value may not contain a lone UTF-16 surrogate.'],
    });
    expect(await instances(zabbix.ruleId)).toEqual([]);
    // A well-formed pair (an emoji) is text like any other.
    const emoji = { ...(fixture('grafana', 'firing-batch') as object), receiver: 'on\ud83d\udcdfcall' };
    expect((await h.call('POST', `/api/v1/grafana-alert/${grafana.token}`, { body: emoji })).statusCode).toBe(
      200,
    );
  });
});
