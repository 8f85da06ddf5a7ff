import { randomUUID } from 'node:crypto';
import type { AlertRuleType, AlertState } from '@oncall/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedRule } from './support/seed-rule';
import { createTestApp, type TestApp } from './support/test-app';

/**
 * The history tabs of the original web UI (skylogsio/skylogs, `apps/frontend/src/@types/alertRule.ts`:
 * `IApiAndNotificationAlertRuleHistory.status` is an `AlertRuleStatus`, lower-case, drawn by
 * `components/AlertRule/AlertRuleStatusIndicator.tsx`; `IGrafanaAndPmmAlertHistory`,
 * `IPrometheusAlertHistory`, `IZabbixAlertHistory`; sentry rows read `action`, `data` and `url`).
 */
describe('rule history in the legacy web UI shapes', () => {
  let h: TestApp;
  let token: string;

  beforeAll(async () => {
    h = await createTestApp();
    token = await h.adminToken();
  });
  afterAll(() => h.dispose());

  const insert = (ruleId: string, kind: string, state: AlertState, description: string | null) =>
    h.t.core.orm.em
      .fork()
      .getConnection()
      .execute(
        `insert into alert_events (id, rule_id, kind, state, rule_state, alertname, instance, description, created_at)
         values (?, ?, ?, ?, ?, 'HighCPU', 'web-1', ?, ?)`,
        [randomUUID(), ruleId, kind, state, state, description, new Date()],
        'run',
      );
  const history = async (type: AlertRuleType) => {
    const { ruleId } = await seedRule(h.t, { type });
    await insert(ruleId, 'fired', 'critical', 'cpu hot');
    await insert(ruleId, 'resolved', 'resolved', null);
    const response = await h.call('GET', `/api/v1/alert-rule/history/${ruleId}`, { token });
    expect(response.statusCode).toBe(200);
    return response.json().data as Array<Record<string, unknown>>;
  };

  it('gives api and notification rows a lower-case status, the old label kept beside it', async () => {
    for (const type of ['api', 'notification'] as const) {
      const [resolved, fired] = await history(type);
      expect(fired).toMatchObject({ status: 'critical', statusLabel: 'Firing', instance: 'web-1' });
      expect(resolved).toMatchObject({ status: 'resolved', statusLabel: 'Resolved' });
    }
  });

  it('gives grafana and pmm rows firing or resolved, alerts, title and message', async () => {
    for (const type of ['grafana', 'pmm'] as const) {
      const [resolved, fired] = await history(type);
      expect(fired).toMatchObject({
        status: 'firing',
        dataSourceName: expect.any(String),
        title: 'HighCPU',
        message: 'cpu hot',
        alerts: [
          { labels: { alertname: 'HighCPU', instance: 'web-1' }, annotations: { description: 'cpu hot' } },
        ],
      });
      expect(resolved).toMatchObject({ status: 'resolved' });
    }
  });

  it('gives sentry rows an action, data and url', async () => {
    const [resolved, fired] = await history('sentry');
    expect(fired).toMatchObject({
      action: 'triggered',
      data: { description_title: 'HighCPU', description_text: 'cpu hot', web_url: expect.any(String) },
      url: expect.any(String),
    });
    expect(resolved).toMatchObject({ action: 'resolved' });
  });

  it('gives prometheus rows their fire and resolve counts and alerts', async () => {
    const [resolved, fired] = await history('prometheus');
    expect(fired).toMatchObject({
      countFire: 1,
      countResolve: 0,
      alerts: [{ labels: { alertname: 'HighCPU' } }],
    });
    expect(resolved).toMatchObject({ countFire: 0, countResolve: 1 });
  });

  it('gives zabbix rows an event status and subject', async () => {
    const [resolved, fired] = await history('zabbix');
    expect(fired).toMatchObject({
      event_status: 'PROBLEM',
      alert_subject: 'HighCPU',
      alert_message: 'cpu hot',
    });
    expect(resolved).toMatchObject({ event_status: 'RESOLVE' });
  });
});
