import type { MikroORM } from '@mikro-orm/core';
import { unreachableThreshold } from '@oncall/plugin-sdk';
import { applySignal } from '../alert-lifecycle/apply-signal';
import type { WebhookIngestion } from '../alert-lifecycle/webhook-ingestion';
import type { SecretBox } from '../crypto/secret-box';
import { queriedDataSource } from '../data-sources/query-target';
import { DataSource } from '../entities/data-source.entity';
import { retryOnDeadlock } from '../persistence/deadlock-retry';
import type { PluginRegistry } from '../plugins/plugin-registry';
import type { Clock } from '../ports/clock';
import type { DataSourceQuerier } from '../ports/data-source-querier';
import type { Orchestrator } from '../ports/orchestrator';
import { planPollHealth, pollHealthOf } from './poll-health';
import { type CheckClaim, finishCheck } from './scheduled-check-store';

export interface SourcePollerDeps {
  orm: MikroORM;
  secretBox: SecretBox;
  clock: Clock;
  querier: DataSourceQuerier;
  plugins: Pick<PluginRegistry, 'sourceFor'>;
  webhooks: Pick<WebhookIngestion, 'applyPolled' | 'listeningRules'>;
  /** Pages the "source unreachable" episodes of the rules a failing source's alerts go to. */
  orchestrator: Orchestrator;
}

/**
 * Runs one poll of a data source whose alerts the service fetches (`pollAlerts`: Prometheus's
 * `/api/v1/alerts`, Grafana's alerting API) and applies what it lists to the source's dynamic
 * rules as webhook alerts are applied. A poll that fails is recorded as such and changes none of
 * the rules' alerts: what fired stays firing until a poll that answers says otherwise. Failing
 * polls past a rule's threshold open that rule's "source unreachable" episode, and the first poll
 * that answers resolves it (`planPollHealth`), as for the rules the service evaluates.
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
    const previous = pollHealthOf(claim.memory);
    if (!result.ok) {
      const listening = await this.deps.webhooks.listeningRules(source);
      const rules = listening.map((rule) => ({
        id: rule.id,
        threshold: unreachableThreshold(queryObjectOf(rule.settings)),
      }));
      const health = planPollHealth({ now: startedAt.getTime(), error: result.reason, previous, rules });
      await this.settle(claim, health, {
        status: 'error',
        error: result.reason,
        document: { error: result.reason },
        startedAt,
      });
      return;
    }
    const applied = await this.deps.webhooks.applyPolled(
      { id: source.id, type: source.type, plugin },
      result.value,
    );
    const health = planPollHealth({ now: startedAt.getTime(), error: null, previous, rules: [] });
    await this.settle(claim, health, {
      status: 'ok',
      error: null,
      document: { listed: applied.alerts, matched: applied.matched, resolved: applied.resolved },
      startedAt,
    });
  }

  /** Applies what the poll changed about its source being reachable, with the run's outcome. */
  private async settle(
    claim: CheckClaim,
    health: ReturnType<typeof planPollHealth>,
    run: { status: 'ok' | 'error'; error: string | null; document: Record<string, unknown>; startedAt: Date },
  ): Promise<void> {
    const memory = health.health.failing
      ? { failing: health.health.failing, openRuleIds: health.health.openRuleIds }
      : {};
    await retryOnDeadlock(() =>
      this.deps.orm.em.fork().transactional(async (tx) => {
        for (const { ruleId, signal } of health.signals) await applySignal(tx, this.deps, ruleId, signal);
        await finishCheck(tx, claim, { ...run, memory, finishedAt: this.deps.clock.now() });
      }),
    );
  }
}

/** A rule's stored `queryObject`, where its threshold would be; polled rules mostly have none. */
function queryObjectOf(settings: Readonly<Record<string, unknown>>): Record<string, unknown> | null {
  const { queryObject } = settings;
  return typeof queryObject === 'object' && queryObject !== null && !Array.isArray(queryObject)
    ? (queryObject as Record<string, unknown>)
    : null;
}
