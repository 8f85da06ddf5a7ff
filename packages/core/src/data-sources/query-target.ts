import type { AnySourceDefinition, SourceConnection } from '@oncall/plugin-sdk';
import type { SecretBox } from '../crypto/secret-box';
import type { DataSourceQueryTarget } from '../ports/data-source-querier';
import { openSecrets } from './data-source-secrets';

/** The stored columns of a data source a query needs. */
export interface StoredDataSource {
  readonly id: string;
  readonly name: string;
  readonly type: string;
  readonly url: string;
  readonly username: string | null;
  readonly sealedSecrets: string | null;
}

/**
 * A data source as a query hook gets it: its connection with the secrets opened, and the plugin's
 * `probe` plan, which says how the querier presents the credentials.
 */
export function dataSourceQueryTarget(
  box: SecretBox,
  plugin: AnySourceDefinition,
  source: StoredDataSource,
): DataSourceQueryTarget {
  const secrets = openSecrets(box, source.sealedSecrets);
  const connection: SourceConnection = {
    id: source.id,
    name: source.name,
    type: source.type,
    url: source.url,
    ...(secrets.apiToken ? { apiToken: secrets.apiToken } : {}),
    ...(source.username ? { username: source.username } : {}),
    ...(secrets.password ? { password: secrets.password } : {}),
  };
  return { connection, plan: plugin.probe };
}
