import { defineSource, dynamicOrTextQueryRuleFields } from '@oncall/plugin-sdk';
import {
  alertmanagerApiReceiver,
  alertmanagerWebhookSchema,
  fromAlertmanagerAlert,
} from '@oncall/prometheus-client';
import { evaluate, pollAlerts } from './evaluate';
import { fixtures } from './fixtures';
import { prometheusLegacyView } from './legacy-view';
import { listLabels, listLabelValues, listRules } from './lists';
import { validateQuery } from './validate-query';

/**
 * Prometheus alerts pushed by Alertmanager's webhook receiver (`version: "4"`) or by Prometheus as
 * an Alertmanager API v2 client, polled from `/api/v1/alerts`, and `textQuery` rules the service
 * evaluates as instant queries. Each pushed or polled alert is named by `labels.alertname` and
 * identified by Alertmanager's fingerprint. Named as the data-source type is listed in forms.
 */
export default defineSource({
  id: 'prometheus',
  displayName: 'Prometheus',
  dataSourceType: 'prometheus',
  capabilities: { webhook: true, resolves: true },
  // Also Alertmanager's API v2, which Prometheus's `alerting.alertmanagers` posts to.
  receivers: [alertmanagerApiReceiver],
  payloadSchema: alertmanagerWebhookSchema,
  normalize: (payload) => payload.alerts.map((alert) => fromAlertmanagerAlert(alert)),
  batchField: 'alerts',
  fixtures,
  probe: {
    steps: [
      { method: 'GET', path: '/api/v1/status/buildinfo' },
      { method: 'GET', path: '/-/healthy' },
    ],
    token: 'bearer',
    basic: true,
  },
  // A dynamic rule may list no data source: it then listens to every Prometheus one.
  ruleFields: dynamicOrTextQueryRuleFields({ requireDataSources: false }),
  // The rule form's lists, read from the Prometheus HTTP API (credentials as `probe` says).
  listRules,
  listLabels,
  listLabelValues,
  // textQuery rules run as instant queries; the alerts Prometheus fires can be polled.
  evaluate,
  pollAlerts,
  // A text query Prometheus cannot parse is refused when the rule is saved.
  validateQuery,
  // The fields the original web UI's history tab and fired list read.
  legacyView: prometheusLegacyView,
});
