import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRestApp, type RestApp } from './rest-app';

/**
 * The original web UI's history tab and fired-alerts table, one contract per rule type. That UI
 * (GitHub skylogsio/skylogs, `apps/frontend`) reads `alert-rule/history/{id}?perPage=10&page=n` and
 * `alert-rule/triggered/{id}` (`src/api/alertRule.ts`: `getAlertRuleHistory`, `getFiredInstances`);
 * `components/AlertRule/History/AlertRuleHistory.tsx` and `FiredInstances/AlertRuleFiredInstances.tsx`
 * pick a table per rule type, and each table reads the fields of one interface of
 * `src/@types/alertRule.ts`. The shapes below restate those interfaces' fields in our words (only
 * what the tables and detail dialogs read), and the alerts are what each vendor sends: the source
 * plugins' fixtures, posted to their webhooks. The backend the UI was written against
 * (`apps/backend/app/Services/AlertRuleService.php`: `getHistory`, `firedAlerts`) answers the
 * history as a paginator and the fired alerts as a bare array.
 */

/** `AlertRuleStatus`: what `AlertRuleStatusIndicator.tsx` draws (anything else crashed the page). */
const ALERT_RULE_STATUSES = ['resolved', 'warning', 'critical', 'triggered', 'unknown'];

/** `IApiAndNotificationAlertRuleHistory`, as `ApiAndNotificationAlertHistory.tsx` reads it. */
interface ApiHistoryRow {
  id: string;
  alertRuleId: string;
  alertRuleName: string;
  instance: string;
  description: string;
  summary: string;
  status: string;
  createdAt: string;
}

/** `IApiAlertRuleInstance`, as `ApiFiredInstances.tsx` reads it. */
interface ApiFiredAlert {
  alertRuleId: string;
  instance: string;
  description: string;
  updatedAt: string;
  status: string;
}

/** `IAlertRuleHistoryInstance`: an alert of a Prometheus, Grafana or PMM row, and a fired Prometheus alert. */
interface AlertItem {
  dataSourceId: string;
  dataSourceName: string;
  alertRuleName: string;
  dataSourceAlertName: string;
  labels: Record<string, string>;
  annotations: Record<string, string>;
  alertRuleId: string;
  skylogsStatus: number;
}

/** `IGrafanaAndPmmAlertHistory`, as `GrafanaAndPmmAlertHistory.tsx` and `HistoryDetailsModal.tsx` read it. */
interface GrafanaHistoryRow {
  alerts: AlertItem[];
  dataSourceId: string;
  dataSourceName: string;
  status: 'firing' | 'resolved';
  title: string;
  message: string;
  createdAt: string;
}

/** `IPrometheusAlertHistory`, as `PrometheusAlertHistory.tsx` reads it. */
interface PrometheusHistoryRow {
  alerts: AlertItem[];
  countFire: number;
  countResolve: number;
  createdAt: string;
}

/** `ISentryAlertHistory` (event or metric), as `SentryAlertHistory.tsx` and its detail dialog read it. */
interface SentryHistoryRow {
  action: string;
  title: string;
  message: string;
  url: string;
  dataSourceName: string;
  alertRuleName: string;
  data: {
    description_title: string;
    description_text: string;
    web_url: string;
    event?: Record<string, unknown>;
    metric_alert?: Record<string, unknown>;
  };
}

/** `IZabbixAlertHistory` (and `IZabbixHistoryInstance`), as `ZabbixAlertHistory.tsx` and `ZabbixFiredInstance.tsx` read it. */
interface ZabbixRow {
  dataSourceName: string;
  alert_subject: string;
  alert_message: string;
  event_status: 'PROBLEM' | 'RESOLVE';
  host_name: string;
  event_id: string;
  createdAt: string;
}

const fixture = (plugin: string, name: string): unknown =>
  JSON.parse(
    readFileSync(new URL(`../../../plugins/source-${plugin}/fixtures/${name}.json`, import.meta.url), 'utf8'),
  );

describe('rule history and fired alerts in the legacy web UI shapes', () => {
  let h: RestApp;
  let admin: string;

  beforeAll(async () => {
    h = await createRestApp();
    admin = await h.adminToken();
  });
  afterAll(() => h.dispose());

  const ok = async (method: 'GET' | 'POST', path: string, body?: unknown, token = admin) => {
    const answer = await h.call(method, path, { token, body });
    expect(answer.status, JSON.stringify(answer.body)).toBeLessThan(300);
    return answer.body;
  };
  const dataSource = async (type: string, name: string) =>
    (await ok('POST', '/data-source', { name, type, url: 'https://monitoring.example.invalid' })) as {
      id: string;
      webhookToken: string;
    };
  const rule = async (body: Record<string, unknown>) =>
    (await ok('POST', '/alert-rule', body)) as { id: string; name: string; apiToken?: string };
  /** One page as the UI asks for it. */
  const history = async <Row>(ruleId: string) => {
    const page = (await ok('GET', `/alert-rule/history/${ruleId}?perPage=10&page=1`)) as {
      data: Row[];
      total: number;
      current_page: number;
    };
    expect(page.current_page).toBe(1);
    return page.data;
  };
  const triggered = async <Item>(ruleId: string) => {
    const answer = await ok('GET', `/alert-rule/triggered/${ruleId}`);
    expect(Array.isArray(answer)).toBe(true);
    return answer as Item[];
  };

  it('api: rows carry a lower-case status the chip draws, and the fired list is a bare array of instances', async () => {
    const { id, name, apiToken } = await rule({ type: 'api', name: 'legacy api', enableAutoResolve: false });
    const fire = (instance: string) =>
      ok(
        'POST',
        '/fire-alert',
        { alertname: 'disk', instance, description: `full on ${instance}`, summary: 's' },
        apiToken,
      );
    await fire('db-1');
    await fire('db-2');
    await ok('POST', '/resolve-alert', { alertname: 'disk', instance: 'db-1' }, apiToken);

    const rows = await history<ApiHistoryRow>(id);
    expect(rows.map((row) => `${row.instance}:${row.status}`).sort()).toEqual([
      'db-1:critical',
      'db-1:resolved',
      'db-2:critical',
    ]);
    for (const row of rows) {
      expect(ALERT_RULE_STATUSES).toContain(row.status);
      expect(row).toMatchObject({ alertRuleId: id, alertRuleName: name, summary: 's' });
      expect(row.createdAt).toEqual(expect.any(String));
    }
    expect(rows.find((row) => row.status === 'critical' && row.instance === 'db-2')?.description).toBe(
      'full on db-2',
    );

    const fired = await triggered<ApiFiredAlert>(id);
    expect(fired).toEqual([
      expect.objectContaining({
        alertRuleId: id,
        instance: 'db-2',
        description: 'full on db-2',
        status: 'critical',
        updatedAt: expect.any(String),
      }),
    ]);
  });

  it('notification: rows are triggered, and nothing stays firing', async () => {
    const { id, apiToken } = await rule({ type: 'notification', name: 'legacy notification' });
    await ok(
      'POST',
      '/notification-alert',
      { instance: 'backup', description: 'nightly backup done' },
      apiToken,
    );
    const rows = await history<ApiHistoryRow>(id);
    expect(rows).toEqual([
      expect.objectContaining({
        instance: 'backup',
        status: 'triggered',
        description: 'nightly backup done',
      }),
    ]);
    expect(await triggered(id)).toEqual([]);
  });

  it('grafana: each row has its alert with labels and annotations, the data source, firing or resolved', async () => {
    const source = await dataSource('grafana', 'grafana legacy');
    const { id, name } = await rule({
      type: 'grafana',
      name: 'legacy grafana',
      queryType: 'dynamic',
      dataSourceIds: [source.id],
      dataSourceAlertName: 'High memory usage',
    });
    await ok('POST', `/grafana-alert/${source.webhookToken}`, fixture('grafana', 'firing-batch'));
    await ok('POST', `/grafana-alert/${source.webhookToken}`, fixture('grafana', 'partly-resolved'));

    const rows = await history<GrafanaHistoryRow>(id);
    const of = (instance: string, status: string) =>
      rows.find((row) => row.alerts[0]?.labels.instance === instance && row.status === status);
    expect(rows).toHaveLength(3);
    expect(of('db-1:9100', 'firing')).toMatchObject({
      dataSourceId: source.id,
      dataSourceName: 'grafana legacy',
      title: 'High memory usage',
      message: expect.stringContaining('db-1'),
      alerts: [
        {
          dataSourceId: source.id,
          dataSourceName: 'grafana legacy',
          alertRuleId: id,
          alertRuleName: name,
          dataSourceAlertName: 'High memory usage',
          labels: {
            alertname: 'High memory usage',
            instance: 'db-1:9100',
            team: 'dba',
            severity: 'critical',
          },
          annotations: {
            summary: expect.any(String),
            description: expect.any(String),
            runbook_url: expect.any(String),
          },
          skylogsStatus: 2,
        },
      ],
    });
    expect(of('db-1:9100', 'resolved')).toMatchObject({ alerts: [{ skylogsStatus: 1 }] });
    expect(of('db-2:9100', 'firing')).toBeDefined();

    // Resolved by a person, the row still names the rule's one data source.
    await ok('POST', `/alert-rule/resolve/${id}`);
    const [latest] = await history<GrafanaHistoryRow>(id);
    expect(latest).toMatchObject({ status: 'resolved', dataSourceName: 'grafana legacy' });
  });

  it('pmm: rows as Grafana rows, with the PMM labels and data source', async () => {
    const source = await dataSource('pmm', 'pmm legacy');
    const { id } = await rule({
      type: 'pmm',
      name: 'legacy pmm',
      queryType: 'dynamic',
      dataSourceIds: [source.id],
      dataSourceAlertName: 'MySQL down',
    });
    await ok('POST', `/pmm-alert/${source.webhookToken}`, fixture('pmm', 'firing-batch'));
    // PMM's next notification: orders-mysql-1 is back.
    await ok('POST', `/pmm-alert/${source.webhookToken}`, fixture('pmm', 'resolved'));
    const rows = await history<GrafanaHistoryRow>(id);
    expect(rows.map((row) => `${row.alerts[0]?.labels.service_name}:${row.status}`).sort()).toEqual([
      'orders-mysql-1:firing',
      'orders-mysql-1:resolved',
      'orders-mysql-2:firing',
    ]);
    for (const row of rows) {
      expect(row).toMatchObject({ dataSourceName: 'pmm legacy', title: 'MySQL down' });
      expect(row.alerts).toHaveLength(1);
      expect(row.alerts[0]?.labels).toMatchObject({ service_type: 'mysql', alertname: 'MySQL down' });
      expect(row.alerts[0]?.annotations).toHaveProperty('summary');
    }
  });

  it('prometheus: rows count what their batch fired and resolved; fired alerts carry data source and labels', async () => {
    const source = await dataSource('prometheus', 'prometheus legacy');
    const { id, name } = await rule({
      type: 'prometheus',
      name: 'legacy prometheus',
      queryType: 'dynamic',
      dataSourceIds: [source.id],
      dataSourceAlertName: 'KubePodCrashLooping',
    });
    const firing = fixture('prometheus', 'firing-batch') as { alerts: Array<Record<string, unknown>> };
    const resolved = fixture('prometheus', 'resolved-batch') as { alerts: Array<Record<string, unknown>> };
    await ok('POST', `/prometheus-alert/${source.webhookToken}`, firing);
    // Alertmanager's next notification of the group: one pod still crashing, the other recovered.
    await ok('POST', `/prometheus-alert/${source.webhookToken}`, {
      ...firing,
      alerts: [firing.alerts[0], resolved.alerts[1]],
    });

    const rows = await history<PrometheusHistoryRow>(id);
    expect(rows).toHaveLength(3);
    const [recovered, ...opened] = rows;
    expect(recovered).toMatchObject({
      countFire: 1,
      countResolve: 1,
      alerts: [
        { labels: { pod: 'api-7c9f8d6b5-p8mwn' }, skylogsStatus: 1, dataSourceName: 'prometheus legacy' },
      ],
    });
    for (const row of opened) {
      expect(row).toMatchObject({ countFire: 2, countResolve: 0 });
      expect(row.alerts[0]).toMatchObject({
        dataSourceId: source.id,
        dataSourceAlertName: 'KubePodCrashLooping',
        annotations: { summary: expect.any(String) },
        skylogsStatus: 2,
      });
    }

    const fired = await triggered<AlertItem>(id);
    expect(fired).toEqual([
      expect.objectContaining({
        dataSourceId: source.id,
        dataSourceName: 'prometheus legacy',
        alertRuleId: id,
        alertRuleName: name,
        dataSourceAlertName: 'KubePodCrashLooping',
        labels: expect.objectContaining({ pod: 'api-7c9f8d6b5-x2lqz', namespace: 'shop' }),
        annotations: expect.objectContaining({ summary: expect.any(String) }),
        skylogsStatus: 2,
      }),
    ]);
  });

  it('sentry: metric alert rows carry action, data and url; issue alert rows are triggered with their event', async () => {
    const source = await dataSource('sentry', 'sentry legacy');
    const metric = await rule({
      type: 'sentry',
      name: 'legacy sentry metric',
      dataSourceIds: [source.id],
      dataSourceAlertName: 'Too many errors',
    });
    const issue = await rule({
      type: 'sentry',
      name: 'legacy sentry issue',
      dataSourceIds: [source.id],
      dataSourceAlertName: 'ERP sync failures',
    });
    for (const name of ['metric-critical', 'metric-resolved', 'event-alert']) {
      await ok('POST', `/sentry-alert/${source.webhookToken}`, fixture('sentry', name));
    }
    const incident = 'https://sentry.example.com/organizations/acme/alerts/rules/details/7/?alert=118';

    const [closed, opened] = await history<SentryHistoryRow>(metric.id);
    expect(opened).toMatchObject({
      action: 'critical',
      url: incident,
      dataSourceName: 'sentry legacy',
      message: expect.stringContaining('1032 events'),
      data: {
        description_title: 'Critical: Too many errors',
        description_text: expect.stringContaining('1032 events'),
        web_url: incident,
        metric_alert: expect.any(Object),
      },
    });
    expect(closed).toMatchObject({
      action: 'resolved',
      data: { description_title: 'Resolved: Too many errors', web_url: incident },
    });

    const [triggeredRow] = await history<SentryHistoryRow>(issue.id);
    expect(triggeredRow).toMatchObject({
      action: 'triggered',
      title: 'ConnectionResetError: [Errno 104] Connection reset by peer',
      url: expect.stringMatching(
        /^https:\/\/sentry\.example\.com\/organizations\/acme\/issues\/4504961117\//,
      ),
      data: { event: expect.objectContaining({ issue_id: '4504961117' }) },
    });
  });

  it('zabbix: rows and fired events carry event_status and alert_subject', async () => {
    const source = await dataSource('zabbix', 'zabbix legacy');
    const { id } = await rule({
      type: 'zabbix',
      name: 'legacy zabbix',
      dataSourceIds: [source.id],
      hosts: ['db-1'],
    });
    await ok('POST', `/zabbix-alert/${source.webhookToken}`, fixture('zabbix', 'problem'));

    const [fired] = await triggered<ZabbixRow>(id);
    expect(fired).toMatchObject({
      event_status: 'PROBLEM',
      alert_subject: 'High CPU utilization (over 90% for 5m)',
      alert_message: expect.stringContaining('Problem started'),
      host_name: 'db-1',
      event_id: '8812',
      createdAt: expect.any(String),
    });

    await ok('POST', `/zabbix-alert/${source.webhookToken}`, fixture('zabbix', 'recovery'));
    const [recovered, problem] = await history<ZabbixRow>(id);
    expect(problem).toMatchObject({
      event_status: 'PROBLEM',
      alert_subject: 'High CPU utilization (over 90% for 5m)',
      dataSourceName: 'zabbix legacy',
    });
    expect(recovered).toMatchObject({
      event_status: 'RESOLVE',
      alert_message: expect.stringContaining('has been resolved'),
    });
    expect(await triggered(id)).toEqual([]);
  });
});
