import {
  compactRecord,
  httpUrl,
  isoTime,
  presentText,
  type SourceAlert,
  severityFromText,
  z,
} from '@oncall/plugin-sdk';

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

/**
 * One alert as a client of Alertmanager's API v2 posts it (`PostableAlert`): what Prometheus's own
 * alerting (`alerting.alertmanagers`), Grafana's external Alertmanager and vmalert send to
 * `POST /api/v2/alerts`. Only `labels` is required by the API; `alertname` is required here too,
 * since rules match on it. There is no `status`: an alert whose `endsAt` has passed is resolved.
 *
 * @example { labels: { alertname: 'HostDown', instance: 'db-1:9100' }, annotations: { summary: 'db-1 is down' },
 *   startsAt: '2024-05-01T10:00:00Z', endsAt: '2024-05-01T10:04:00Z', generatorURL: 'http://prometheus:9090/graph?g0.expr=up' }
 */
export const postableAlertSchema = z.looseObject({
  labels: z.object({ alertname: z.string().regex(/\S/, 'must not be blank') }).catchall(z.string()),
  annotations: labelSet.optional(),
  startsAt: z.iso.datetime({ offset: true }).optional(),
  endsAt: z.iso.datetime({ offset: true }).optional(),
  generatorURL: z.string().optional(),
});

/** The body of `POST /api/v2/alerts`: a JSON array of postable alerts (`PostableAlerts`). */
export const postableAlertsSchema = z.array(postableAlertSchema);

export type PostableAlert = z.output<typeof postableAlertSchema>;

// FNV-1a, 64 bits, as Prometheus's `model.LabelSet.Fingerprint` computes it.
const FNV_OFFSET = 0xcbf29ce484222325n;
const FNV_PRIME = 0x100000001b3n;
const MASK_64 = 0xffffffffffffffffn;
const LABEL_SEPARATOR = 0xff;

/**
 * Alertmanager's fingerprint of a label set, 16 hex digits: FNV-1a over the labels sorted by name,
 * each name and value followed by the byte 0xff (Prometheus's `labelSetToFingerprint`). It is the
 * `fingerprint` Alertmanager's webhook carries, so an alert posted by Prometheus directly and the
 * same alert relayed by Alertmanager are the same instance.
 *
 * @example alertmanagerFingerprint({ alertname: 'HostDown', instance: 'db-1:9100' }) // '…' (16 hex digits)
 */
export function alertmanagerFingerprint(labels: Readonly<Record<string, string>>): string {
  let hash = FNV_OFFSET;
  const add = (byte: number) => {
    hash = ((hash ^ BigInt(byte)) * FNV_PRIME) & MASK_64;
  };
  const encoder = new TextEncoder();
  for (const name of Object.keys(labels).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))) {
    for (const byte of encoder.encode(name)) add(byte);
    add(LABEL_SEPARATOR);
    for (const byte of encoder.encode(labels[name] ?? '')) add(byte);
    add(LABEL_SEPARATOR);
  }
  return hash.toString(16).padStart(16, '0');
}

/**
 * A postable alert as Alertmanager holds it once received, in its webhook's alert shape: resolved
 * when `endsAt` is not after `now`; firing otherwise, until `expiresAt`, the `endsAt` it was given
 * or, without one (or with Go's zero time), `now` plus Alertmanager's default `resolve_timeout` (5 minutes). Pure: the
 * caller gives the time.
 *
 * @example
 * const { alert, expiresAt } = fromPostableAlert(posted, new Date());
 * plugin.normalize({ alerts: [alert] });
 */
export function fromPostableAlert(
  posted: PostableAlert,
  now: Date,
): { alert: AlertmanagerAlert; expiresAt: Date } {
  // Go's zero time, which some clients send for "no end", counts as none.
  const end = isoTime(posted.endsAt);
  const endsAt = end === undefined ? undefined : new Date(end);
  const expiresAt = endsAt ?? new Date(now.getTime() + DEFAULT_RESOLVE_TIMEOUT_MS);
  const resolved = endsAt !== undefined && endsAt.getTime() <= now.getTime();
  return {
    alert: {
      status: resolved ? 'resolved' : 'firing',
      labels: posted.labels,
      annotations: posted.annotations ?? {},
      startsAt: posted.startsAt,
      endsAt: posted.endsAt,
      generatorURL: posted.generatorURL,
      fingerprint: alertmanagerFingerprint(posted.labels),
    },
    expiresAt,
  };
}

/** Alertmanager's `resolve_timeout` default: how long an alert posted without `endsAt` lasts. */
export const DEFAULT_RESOLVE_TIMEOUT_MS = 5 * 60_000;
