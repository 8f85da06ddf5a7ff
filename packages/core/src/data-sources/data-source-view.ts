import { maskSecret, type SecretBox } from '../crypto/secret-box';
import type { DataSource } from '../entities/data-source.entity';
import { type StoredConnectionOptions, storedConnectionOptions } from './connection-options';
import { type DataSourcePlugins, isWebhookType } from './data-source-catalog';
import { openSecrets } from './data-source-secrets';
import { type AlertmanagerSetup, alertmanagerSetup, webhookUrl } from './webhook-url';

/**
 * A data source as owners and managers read it. Secrets are masked (empty when unset); a webhook
 * type shows its ingestion token and the URL to paste into the other system. The connection
 * options are shown as stored, the CA certificate included (it is public).
 */
export interface DataSourceView extends StoredConnectionOptions {
  id: string;
  name: string;
  type: string;
  url: string;
  username: string | null;
  apiToken: string;
  password: string;
  isWebhook: boolean;
  webhookToken: string | null;
  webhookUrl: string | null;
  /**
   * For a type whose plugin takes Alertmanager API v2 alerts (prometheus, grafana, pmm): what to
   * put in Prometheus's `alerting.alertmanagers` (see {@link AlertmanagerSetup}); null otherwise.
   */
  alertmanager: AlertmanagerSetup | null;
  /** For a polled data source (`pollIntervalSeconds` set, a type whose plugin polls): how its polls go. */
  poll?: DataSourcePollStatus;
  createdAt: string;
  updatedAt: string;
}

/** A polled data source's schedule, its last poll's outcome and, when it answered, what it listed. */
export interface DataSourcePollStatus {
  status: 'ok' | 'error' | 'pending';
  error: string | null;
  failures: number;
  intervalSeconds: number;
  lastRunAt: string | null;
  nextRunAt: string;
  /** `{listed, matched, resolved}`: alerts listed, rule matches made, instances resolved. */
  last?: Record<string, unknown>;
}

/** The pick offered to anyone creating an alert rule: no URL, no credentials. */
export interface DataSourceOption {
  id: string;
  name: string;
  type: string;
}

export function toDataSourceView(
  source: DataSource,
  box: SecretBox,
  publicUrl: string | undefined,
  plugins: DataSourcePlugins,
): DataSourceView {
  const secrets = openSecrets(box, source.sealedSecrets ?? null);
  const token = source.sealedToken ? box.decrypt(source.sealedToken) : null;
  return {
    id: source.id,
    name: source.name,
    type: source.type,
    url: source.url,
    username: source.username ?? null,
    apiToken: maskSecret(secrets.apiToken),
    password: maskSecret(secrets.password),
    isWebhook: isWebhookType(plugins, source.type),
    webhookToken: token,
    webhookUrl: token ? webhookUrl(publicUrl, source.type, token) : null,
    alertmanager:
      token && plugins.sourceFor(source.type)?.capabilities.alertmanagerApi === true
        ? alertmanagerSetup(publicUrl, source.type, token)
        : null,
    ...storedConnectionOptions(source),
    createdAt: source.createdAt.toISOString(),
    updatedAt: source.updatedAt.toISOString(),
  };
}
