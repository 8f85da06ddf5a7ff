export {
  type AlertmanagerAlert,
  alertmanagerAlertSchema,
  alertmanagerFingerprint,
  alertmanagerWebhookSchema,
  DEFAULT_RESOLVE_TIMEOUT_MS,
  fromAlertmanagerAlert,
  fromPostableAlert,
  type PostableAlert,
  postableAlertSchema,
  postableAlertsSchema,
} from './alertmanager';
export {
  type AlertmanagerSetup,
  alertmanagerApiReceiver,
  alertmanagerSetup,
} from './alertmanager-api-receiver';
export { type PromqlQueryOptions, prometheusFiringAlerts, promqlInstantQuery } from './prometheus-api';
