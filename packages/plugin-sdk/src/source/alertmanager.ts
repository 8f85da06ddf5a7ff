import { z } from 'zod';
import { isoTime } from './iso-time';
import type { SourceAlert } from './normalized-alert';
import { severityFromText } from './severity';
import { compactRecord, httpUrl, presentText } from './text';

const labelSet = z.record(z.string(), z.string());

/**
 * One alert of an Alertmanager-format webhook: the format of Prometheus Alertmanager (`version:
 * "4"`), of Grafana's webhook contact point (which adds URLs and values), and of PMM. `alertname`
 * is required: every alert these systems send has it, and it is what rules match on. Unknown
 * fields are kept (loose objects) because each vendor adds its own.
 *
 * @example
 * { status: 'firing', labels: { alertname: 'HostDown', instance: 'db-1:9100' }, annotations: {},
 *   startsAt: '2024-05-01T10:00:00Z', endsAt: '0001-01-01T00:00:00Z', fingerprint: '7d2a…' }
 */
export const alertmanagerAlertSchema = z.looseObject({
  status: z.enum(['firing', 'resolved']),
  labels: z.object({ alertname: z.string().regex(/\S/, 'must not be blank') }).catchall(z.string()),
  annotations: labelSet.optional(),
  startsAt: z.string().optional(),
  endsAt: z.string().optional(),
  generatorURL: z.string().optional(),
  fingerprint: z.string().optional(),
});

/**
 * An Alertmanager-format webhook body: the group's metadata and its `alerts`. Only `alerts` is
 * required; the group fields (`receiver`, `status`, `groupLabels`, `commonLabels`,
 * `commonAnnotations`, `externalURL`, `version`, `groupKey`, `truncatedAlerts`) describe the
 * notification, not the alerts, and are not checked. Extend it for a vendor's additions:
 * `alertmanagerWebhookSchema.extend({ alerts: z.array(alertmanagerAlertSchema.extend({ … })) })`.
 *
 * @example { version: '4', status: 'firing', receiver: 'oncall', groupKey: '{}:{alertname="HostDown"}', alerts: [ … ] }
 */
export const alertmanagerWebhookSchema = z.looseObject({
  alerts: z.array(alertmanagerAlertSchema),
});

/**
 * One parsed alert of an Alertmanager-format webhook.
 *
 * @example const alert: AlertmanagerAlert = alertmanagerAlertSchema.parse(body.alerts[0]);
 */
export type AlertmanagerAlert = z.output<typeof alertmanagerAlertSchema>;

/**
 * The common mapping of an Alertmanager-format alert: `labels.alertname` is the name,
 * `labels.severity` the severity, `annotations.summary` and `annotations.description` the text,
 * the vendor's fingerprint the identity, `generatorURL` the link (and `details.generatorURL`).
 * `endsAt` is kept only for resolved alerts: while an alert fires, Grafana sends Go's zero time
 * and Alertmanager an estimated expiry, neither of which is an end.
 *
 * @param instanceLabels labels that name the instance, first present wins (PMM: `service_name`, `node_name`)
 * @example fromAlertmanagerAlert(alert, ['instance', 'service_name', 'node_name'])
 */
export function fromAlertmanagerAlert(
  alert: AlertmanagerAlert,
  instanceLabels: readonly string[] = ['instance'],
): SourceAlert {
  const { labels } = alert;
  const annotations = alert.annotations ?? {};
  return {
    name: labels.alertname,
    status: alert.status,
    severity: severityFromText(labels.severity),
    instance: instanceLabels.map((label) => presentText(labels[label])).find((value) => value !== undefined),
    summary: presentText(annotations.summary),
    description: presentText(annotations.description),
    labels,
    annotations,
    startsAt: isoTime(alert.startsAt),
    endsAt: alert.status === 'resolved' ? isoTime(alert.endsAt) : undefined,
    fingerprint: presentText(alert.fingerprint),
    details: compactRecord({ generatorURL: httpUrl(alert.generatorURL) }),
    link: httpUrl(alert.generatorURL),
  };
}
