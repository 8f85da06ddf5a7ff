import { defineSource, dynamicOrTextQueryRuleFields } from '@oncall/plugin-sdk';
import {
  alertmanagerApiReceiver,
  alertmanagerWebhookSchema,
  fromAlertmanagerAlert,
} from '@oncall/prometheus-client';
import { evaluate, pollAlerts } from './evaluate';
import { fixtures } from './fixtures';
import { pmmLegacyView } from './legacy-view';

// PMM alerts are about a service (a MySQL, a MongoDB) or, for node rules, a node; an `instance`
// label is honoured first for custom rules that set one.
const INSTANCE_LABELS = ['instance', 'service_name', 'node_name'];

/**
 * Percona Monitoring and Management. PMM 2's Integrated Alerting posts Alertmanager-format
 * webhooks (`version: "4"`); Percona Alerting (PMM 2.31 and later) posts Grafana's, a superset of
 * it, whose extra fields are kept but not read. The name is `labels.alertname`; PMM's
 * `node_name`, `service_name`, `rule_id` and `template_name` stay labels, so rules filter on them
 * with `extraField`.
 */
export default defineSource({
  id: 'pmm',
  displayName: 'Percona Monitoring and Management',
  dataSourceType: 'pmm',
  capabilities: { webhook: true, resolves: true },
  // Also Alertmanager's API v2, which Prometheus's `alerting.alertmanagers` posts to.
  receivers: [alertmanagerApiReceiver],
  payloadSchema: alertmanagerWebhookSchema,
  normalize: (payload) => payload.alerts.map((alert) => fromAlertmanagerAlert(alert, INSTANCE_LABELS)),
  batchField: 'alerts',
  fixtures,
  // PMM's bundled VictoriaMetrics answers the Prometheus paths (under /prometheus); /v1/readyz is
  // PMM's own readiness check, for a URL that names the PMM server itself.
  probe: {
    steps: [
      { method: 'GET', path: '/api/v1/status/buildinfo' },
      { method: 'GET', path: '/-/healthy' },
      { method: 'GET', path: '/v1/readyz' },
    ],
    token: 'bearer',
    basic: true,
  },
  ruleFields: dynamicOrTextQueryRuleFields({ requireDataSources: true }),
  // textQuery rules run against PMM's VictoriaMetrics; Percona Alerting's alerts can be polled.
  evaluate,
  pollAlerts,
  // The fields the original web UI's history tab and fired list read.
  legacyView: pmmLegacyView,
});
