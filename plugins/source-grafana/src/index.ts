import { compactRecord, defineSource, httpUrl, type SourceAlert } from '@oncall/plugin-sdk';
import { alertmanagerApiReceiver, fromAlertmanagerAlert } from '@oncall/prometheus-client';
import { evaluate, pollAlerts } from './evaluate';
import { fixtures } from './fixtures';
import { grafanaLegacyView } from './legacy-view';
import { listRules } from './lists';
import { type GrafanaAlert, grafanaPayloadSchema } from './payload';
import { grafanaRuleFields } from './rule-fields';

/**
 * Grafana unified alerting, through a webhook contact point. Each alert of the notification group
 * becomes one alert named by `labels.alertname`, identified by Grafana's fingerprint. The link
 * prefers the panel, then the dashboard, then the alert rule: the graph is what an on-call person
 * opens first.
 */
export default defineSource({
  id: 'grafana',
  displayName: 'Grafana',
  dataSourceType: 'grafana',
  capabilities: { webhook: true, resolves: true },
  // Also Alertmanager's API v2, which Prometheus's `alerting.alertmanagers` posts to.
  receivers: [alertmanagerApiReceiver],
  payloadSchema: grafanaPayloadSchema,
  normalize: (payload) => payload.alerts.map(fromGrafanaAlert),
  batchField: 'alerts',
  fixtures,
  probe: { steps: [{ method: 'GET', path: '/api/health' }], token: 'bearer', basic: true },
  // A textQuery rule names the Grafana data source it queries (`queryObject.datasourceUid`).
  ruleFields: grafanaRuleFields(),
  // The rule form's list of rule names (credentials as `probe` says).
  listRules,
  // textQuery rules run through Grafana's data source proxy; its own alerts can be polled.
  evaluate,
  pollAlerts,
  // The fields the original web UI's history tab and fired list read.
  legacyView: grafanaLegacyView,
});

function fromGrafanaAlert(alert: GrafanaAlert): SourceAlert {
  const common = fromAlertmanagerAlert(alert);
  const dashboardURL = httpUrl(alert.dashboardURL);
  const panelURL = httpUrl(alert.panelURL);
  return {
    ...common,
    details: compactRecord({
      ...common.details,
      dashboardURL,
      panelURL,
      silenceURL: httpUrl(alert.silenceURL),
      values: formatValues(alert.values),
      valueString: alert.valueString,
    }),
    link: panelURL ?? dashboardURL ?? common.link,
  };
}

// "B=93.2, C=1": the expression values, sorted by reference id, as people read them in a message.
function formatValues(values: GrafanaAlert['values']): string | undefined {
  if (!values) return undefined;
  return Object.entries(values)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([refId, value]) => `${refId}=${value ?? 'null'}`)
    .join(', ');
}
