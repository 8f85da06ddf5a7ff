import { alertmanagerWebhookSchema, defineSource, fromAlertmanagerAlert } from '@oncall/plugin-sdk';
import { fixtures } from './fixtures';

/**
 * Prometheus alerts pushed by Alertmanager's webhook receiver (`version: "4"`), for Prometheus data
 * sources that push rather than being polled. Each alert is named by `labels.alertname` and
 * identified by Alertmanager's fingerprint.
 */
export default defineSource({
  id: 'prometheus',
  displayName: 'Prometheus (Alertmanager)',
  dataSourceType: 'prometheus',
  capabilities: { webhook: true, resolves: true },
  payloadSchema: alertmanagerWebhookSchema,
  normalize: (payload) => payload.alerts.map((alert) => fromAlertmanagerAlert(alert)),
  fixtures,
});
