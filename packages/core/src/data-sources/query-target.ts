import type { AnySourceDefinition, SourceConnection } from '@oncall/plugin-sdk';
import type { SecretBox } from '../crypto/secret-box';
import type { DataSource } from '../entities/data-source.entity';
import type { DataSourceQueryTarget } from '../ports/data-source-querier';
import { dataSourceConnectionOptions } from './connection-options';
import { openSecrets } from './data-source-secrets';

/**
 * A stored data source made ready for its plugin's query hooks: the target to hand the querier
 * (secrets opened, the plugin's probe plan, the source's connection options), and how often the
 * host polls it with `pollAlerts` (null: it is not polled; only ever set for a type whose plugin
 * polls, checked when it was stored).
 */
export interface QueriedDataSource {
  target: DataSourceQueryTarget;
  pollIntervalSeconds: number | null;
}

/**
 * @example
 * const { target, pollIntervalSeconds } = queriedDataSource(source, secretBox, plugins.sourceFor(source.type));
 * if (pollIntervalSeconds !== null && plugin.pollAlerts)
 *   await querier.query(target, (s, ctx) => plugin.pollAlerts(s, ctx));
 */
export function queriedDataSource(
  source: DataSource,
  box: SecretBox,
  plugin: Pick<AnySourceDefinition, 'probe'> | undefined,
): QueriedDataSource {
  const secrets = openSecrets(box, source.sealedSecrets ?? null);
  const connection: SourceConnection = {
    id: source.id,
    name: source.name,
    type: source.type,
    url: source.url,
    ...(secrets.apiToken ? { apiToken: secrets.apiToken } : {}),
    ...(source.username ? { username: source.username } : {}),
    ...(secrets.password ? { password: secrets.password } : {}),
  };
  return {
    target: { connection, plan: plugin?.probe, options: dataSourceConnectionOptions(source) },
    pollIntervalSeconds: source.pollIntervalSeconds ?? null,
  };
}
