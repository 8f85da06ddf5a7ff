/**
 * Where the monitoring system posts its alerts. Without a configured public URL the path alone is
 * given: the client knows the address it reached us on, and a guessed host would be wrong.
 */
export function webhookUrl(publicUrl: string | undefined, type: string, token: string): string {
  const base = (publicUrl ?? '').replace(/\/+$/, '');
  return `${base}/api/v1/${type}-alert/${encodeURIComponent(token)}`;
}

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
 * alertmanagerSetup('https://oncall.example.com', 'prometheus', 'ds_x')
 * // { alertsUrl: 'https://oncall.example.com/api/v1/prometheus-alert/ds_x/api/v2/alerts', scheme: 'https',
 * //   target: 'oncall.example.com:443', pathPrefix: '/api/v1/prometheus-alert/ds_x',
 * //   credentialsPathPrefix: '/api/v1/prometheus-alert' }
 */
export interface AlertmanagerSetup {
  alertsUrl: string;
  scheme: string | null;
  target: string | null;
  pathPrefix: string;
  credentialsPathPrefix: string;
}

export function alertmanagerSetup(
  publicUrl: string | undefined,
  type: string,
  token: string,
): AlertmanagerSetup {
  const parsed = parsedUrl(publicUrl);
  const basePath = (parsed?.pathname ?? '').replace(/\/+$/, '');
  const credentialsPathPrefix = `${basePath}/api/v1/${type}-alert`;
  const pathPrefix = `${credentialsPathPrefix}/${encodeURIComponent(token)}`;
  const scheme = parsed ? parsed.protocol.replace(/:$/, '') : null;
  // Prometheus takes `host:port`; the port is spelled out so no default is guessed on either side.
  const port = parsed ? parsed.port || (scheme === 'https' ? '443' : '80') : null;
  return {
    alertsUrl: `${webhookUrl(publicUrl, type, token)}/api/v2/alerts`,
    scheme,
    target: parsed && port ? `${parsed.hostname}:${port}` : null,
    pathPrefix,
    credentialsPathPrefix,
  };
}

function parsedUrl(publicUrl: string | undefined): URL | null {
  if (!publicUrl) return null;
  try {
    return new URL(publicUrl);
  } catch {
    return null;
  }
}
