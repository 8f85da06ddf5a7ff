import { type AlertReceiver, type ReceiverAddress, z } from '@oncall/plugin-sdk';
import { fromPostableAlert, postableAlertsSchema } from './alertmanager';

/** Where a client of Alertmanager's API v2 posts alerts, under the path prefix it is given. */
const ALERTS_PATH = '/api/v2/alerts';

const setupSchema = z.object({
  alertsUrl: z.string().describe('{webhookUrl}/api/v2/alerts, where an Alertmanager API v2 client posts'),
  scheme: z.string().nullable().describe("Prometheus's alertmanagers scheme, from PUBLIC_URL"),
  target: z.string().nullable().describe("Prometheus's alertmanagers static_configs target, host:port"),
  pathPrefix: z.string().describe('path_prefix with the token in it'),
  credentialsPathPrefix: z
    .string()
    .describe('path_prefix when the token is sent as authorization.credentials'),
});

/**
 * What to paste into a client of Alertmanager's API v2 (Prometheus's `alerting.alertmanagers`,
 * Grafana's external Alertmanager, vmalert) for a data source whose plugin takes such alerts.
 *
 * - `alertsUrl`: the full URL alerts are posted to, `{webhook URL}/api/v2/alerts`.
 * - `scheme`, `target`: Prometheus's `scheme` and `static_configs.targets` entry (`host:port`),
 *   from `PUBLIC_URL`; null without one.
 * - `pathPrefix`: `path_prefix` with the token in it (Prometheus appends `/api/v2/alerts`).
 * - `credentialsPathPrefix`: `path_prefix` when the token goes in `authorization.credentials`
 *   instead, which keeps it out of URLs and access logs.
 *
 * @example
 * alertmanagerSetup({ publicUrl: 'https://oncall.example.com', webhookUrl: 'https://oncall.example.com/api/v1/prometheus-alert/ds_x',
 *   tokenPath: '/api/v1/prometheus-alert/ds_x', credentialsPath: '/api/v1/prometheus-alert' })
 * // { alertsUrl: 'https://oncall.example.com/api/v1/prometheus-alert/ds_x/api/v2/alerts', scheme: 'https',
 * //   target: 'oncall.example.com:443', pathPrefix: '/api/v1/prometheus-alert/ds_x',
 * //   credentialsPathPrefix: '/api/v1/prometheus-alert' }
 */
export type AlertmanagerSetup = z.output<typeof setupSchema>;

export function alertmanagerSetup(address: ReceiverAddress): AlertmanagerSetup {
  const parsed = address.publicUrl && URL.canParse(address.publicUrl) ? new URL(address.publicUrl) : null;
  const scheme = parsed ? parsed.protocol.replace(/:$/, '') : null;
  // Prometheus takes `host:port`; the port is spelled out so no default is guessed on either side.
  const port = parsed ? parsed.port || (scheme === 'https' ? '443' : '80') : null;
  return {
    alertsUrl: `${address.webhookUrl}${ALERTS_PATH}`,
    scheme,
    target: parsed && port ? `${parsed.hostname}:${port}` : null,
    pathPrefix: address.tokenPath,
    credentialsPathPrefix: address.credentialsPath,
  };
}

/**
 * Alertmanager's API v2 as a receiver of the prometheus, grafana and pmm sources: alerts posted as
 * a client of that API posts them (`POST /api/v2/alerts`, a JSON array of postable alerts), taken
 * as Alertmanager would take them: one whose `endsAt` has passed resolves its instance; any other
 * fires (or refreshes) it until its `endsAt` (or Alertmanager's default `resolve_timeout` without
 * one), when it resolves itself unless sent again. Each alert is reshaped into an Alertmanager
 * webhook alert (`{ alerts: [alert] }`) for the plugin to normalize, so it is matched and shown as
 * one relayed by Alertmanager; its instance is keyed by the label fingerprint, as Alertmanager's
 * webhook keys it. Prometheus's `alerting.alertmanagers` appends `/api/v2/alerts` to its
 * `path_prefix` and sends `authorization.credentials` as a Bearer token (or `basic_auth`).
 *
 * @example defineSource({ …, receivers: [alertmanagerApiReceiver] })
 */
export const alertmanagerApiReceiver: AlertReceiver = {
  path: ALERTS_PATH,
  body: {
    name: 'AlertmanagerAlerts',
    description: "Alertmanager API v2 alerts, as Prometheus's alerting sends them.",
  },
  refusal: 'The body is not a valid Alertmanager API v2 alert list.',
  batchField: '',
  read(body, now) {
    const parsed = postableAlertsSchema.safeParse(body);
    if (!parsed.success) {
      return {
        ok: false,
        issues: parsed.error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message })),
      };
    }
    return {
      ok: true,
      alerts: parsed.data.map((posted) => {
        const { alert, expiresAt } = fromPostableAlert(posted, now);
        return { payload: { alerts: [alert] }, expiresAt };
      }),
    };
  },
  setup: {
    field: 'alertmanager',
    description: "what to paste into Prometheus's alerting.alertmanagers; prometheus, grafana and pmm only",
    schema: setupSchema,
    show: alertmanagerSetup,
  },
};
