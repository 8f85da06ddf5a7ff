import type { ReceiverAddress } from '@oncall/plugin-sdk';
import { maskSecret, type SecretBox } from '../crypto/secret-box';
import type { DataSource } from '../entities/data-source.entity';
import { type StoredConnectionOptions, storedConnectionOptions } from './connection-options';
import { type DataSourcePlugins, isWebhookType, receiverSetups } from './data-source-catalog';
import { openSecrets } from './data-source-secrets';
import { receiverAddress, webhookUrl } from './webhook-url';

/**
 * A data source as owners and managers read it. Secrets are masked (empty when unset); a webhook
 * type shows its ingestion token and the URL to paste into the other system. The connection
 * options are shown as stored, the CA certificate included (it is public).
 *
 * After `webhookUrl` comes one field per receiver setup a loaded plugin declares (its receivers'
 * `setup.field`): for a data source of that plugin's type, what to paste into the receiver's
 * client; null otherwise. Plugins name those fields, so this type does not: the REST contract
 * documents them, and a client reads one as the wire value it is (`unknown`, checked).
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
    ...setupsOf(plugins, source.type, token ? receiverAddress(publicUrl, source.type, token) : null),
    ...storedConnectionOptions(source),
    createdAt: source.createdAt.toISOString(),
    updatedAt: source.updatedAt.toISOString(),
  };
}

/** Every loaded receiver setup's field: this type's own setups shown at `address`, the others null. */
function setupsOf(
  plugins: DataSourcePlugins,
  type: string,
  address: ReceiverAddress | null,
): Record<string, unknown> {
  const own = receiverSetups(plugins, type);
  return Object.fromEntries(
    receiverSetups(plugins).map((setup) => {
      const shown = own.find((mine) => mine.field === setup.field);
      return [setup.field, shown && address ? shown.show(address) : null];
    }),
  );
}
