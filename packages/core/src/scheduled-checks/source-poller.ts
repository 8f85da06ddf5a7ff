import type { MikroORM } from '@mikro-orm/core';
import type { WebhookIngestion } from '../alert-lifecycle/webhook-ingestion';
import type { SecretBox } from '../crypto/secret-box';
import { queriedDataSource } from '../data-sources/query-target';
import { DataSource } from '../entities/data-source.entity';
import type { PluginRegistry } from '../plugins/plugin-registry';
import type { Clock } from '../ports/clock';
import type { DataSourceQuerier } from '../ports/data-source-querier';
import { type CheckClaim, finishCheck } from './scheduled-check-store';

export interface SourcePollerDeps {
  orm: MikroORM;
  secretBox: SecretBox;
  clock: Clock;
  querier: DataSourceQuerier;
  plugins: Pick<PluginRegistry, 'sourceFor'>;
  webhooks: Pick<WebhookIngestion, 'applyPolled'>;
}

/**
 * Runs one poll of a data source whose alerts the service fetches (`pollAlerts`: Prometheus's
 * `/api/v1/alerts`, Grafana's alerting API) and applies what it lists to the source's dynamic
 * rules as webhook alerts are applied. A poll that fails is recorded as such and changes nothing:
 * what fired stays firing until a poll that answers says otherwise.
 */
export class SourcePoller {
  constructor(private readonly deps: SourcePollerDeps) {}

  async run(claim: CheckClaim): Promise<void> {
    const startedAt = this.deps.clock.now();
    const em = this.deps.orm.em.fork();
    const source = await em.findOne(DataSource, { id: claim.subjectId });
    const plugin = source ? this.deps.plugins.sourceFor(source.type) : undefined;
    const poll = plugin?.pollAlerts?.bind(plugin);
    const finish = (status: 'ok' | 'error', error: string | null, document: Record<string, unknown>) =>
      finishCheck(em, claim, {
        status,
        error,
        document,
        memory: {},
        startedAt,
        finishedAt: this.deps.clock.now(),
      });
    if (!source || !plugin || !poll) {
      const error = source
        ? `No loaded source plugin polls ${source.type} data sources.`
        : 'The data source no longer exists.';
      await finish('error', error, { error });
      return;
    }
    const { target } = queriedDataSource(source, this.deps.secretBox, plugin);
    const result = await this.deps.querier
      .query(target, (connection, ctx) => poll(connection, ctx))
      .catch(() => ({ ok: false as const, reason: 'The query failed unexpectedly.' }));
    if (!result.ok) {
      await finish('error', result.reason, { error: result.reason });
      return;
    }
    const applied = await this.deps.webhooks.applyPolled(
      { id: source.id, type: source.type, plugin },
      result.value,
    );
    await finish('ok', null, {
      listed: applied.alerts,
      matched: applied.matched,
      resolved: applied.resolved,
    });
  }
}
