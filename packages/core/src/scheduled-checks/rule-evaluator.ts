import type { MikroORM } from '@mikro-orm/core';
import {
  type AnySourceDefinition,
  type EvaluationTiming,
  evaluationTiming,
  type RuleEvaluation,
  unreachableThreshold,
} from '@oncall/plugin-sdk';
import { applySignal } from '../alert-lifecycle/apply-signal';
import { withBatchFacts } from '../alert-lifecycle/batch-facts';
import type { SecretBox } from '../crypto/secret-box';
import { queriedDataSource } from '../data-sources/query-target';
import { DataSource } from '../entities/data-source.entity';
import { retryOnDeadlock } from '../persistence/deadlock-retry';
import { queryRows } from '../persistence/query-rows';
import type { PluginRegistry } from '../plugins/plugin-registry';
import type { Clock } from '../ports/clock';
import type { DataSourceQuerier } from '../ports/data-source-querier';
import type { Orchestrator } from '../ports/orchestrator';
import { type FiringRow, memoryOf, planEvaluation, type SourceAnswer } from './evaluation-plan';
import { type CheckClaim, type CheckOutcome, finishCheck } from './scheduled-check-store';
import { planSourceHealth, SOURCE_UNREACHABLE_FINGERPRINT } from './source-unreachable';

export interface RuleEvaluatorDeps {
  orm: MikroORM;
  secretBox: SecretBox;
  orchestrator: Orchestrator;
  clock: Clock;
  querier: DataSourceQuerier;
  plugins: Pick<PluginRegistry, 'sourceFor'>;
}

/** A check document larger than this is cut to a note saying so: it is kept for every rule. */
const MAX_DOCUMENT_BYTES = 16 * 1024;

/** Whether rules of a type with these settings are evaluated by the service (not fed by webhooks). */
export function isEvaluatedRule(
  plugin: AnySourceDefinition | undefined,
  settings: { queryType?: unknown },
): boolean {
  if (plugin?.evaluate === undefined) return false;
  return (
    settings.queryType === undefined || settings.queryType === null || settings.queryType === 'textQuery'
  );
}

interface RuleRow {
  id: string;
  name: string;
  type: string;
  settings: Record<string, unknown>;
}

/**
 * Runs one evaluation of a rule the service queries for itself: asks each of its data sources
 * (every one of the type for a text-query rule that lists none) through the plugin's `evaluate`,
 * within the rule's timeout, then applies what the run found in one transaction with the check's
 * outcome: fires, resolves, the memory of pending instances, the check document. A data source
 * that fails is recorded as the run's error and resolves nothing.
 */
export class RuleEvaluator {
  constructor(private readonly deps: RuleEvaluatorDeps) {}

  async run(claim: CheckClaim): Promise<void> {
    const startedAt = this.deps.clock.now();
    const em = this.deps.orm.em.fork();
    const [rule] = await queryRows<RuleRow>(
      em,
      'select id, name, type, settings from alert_rules where id = ?',
      [claim.subjectId],
    );
    const plugin = rule ? this.deps.plugins.sourceFor(rule.type) : undefined;
    if (!rule || !plugin || !isEvaluatedRule(plugin, rule.settings)) {
      await finishCheck(em, claim, {
        ...failed(
          startedAt,
          this.deps.clock.now(),
          rule ? `No loaded source plugin evaluates ${rule.type} rules.` : 'The rule no longer exists.',
        ),
        memory: memoryOf(claim.memory) as unknown as Record<string, unknown>,
      });
      return;
    }
    const timing = ruleTiming(rule.settings.queryObject);
    const sources = await this.sourcesOf(rule);
    if (sources.length === 0) {
      await finishCheck(em, claim, {
        ...failed(
          startedAt,
          this.deps.clock.now(),
          `No ${rule.type} data source to evaluate the rule against.`,
        ),
        memory: memoryOf(claim.memory) as unknown as Record<string, unknown>,
      });
      return;
    }
    const settings = {
      ...rule.settings,
      dataSourceIds: sources.map((s) => s.id),
      dataSourceId: sources[0]?.id,
    };
    const evaluate = plugin.evaluate?.bind(plugin);
    const results = await Promise.all(
      sources.map(async (source) => {
        const { target } = queriedDataSource(source, this.deps.secretBox, plugin);
        const result = evaluate
          ? await this.deps.querier
              .query(
                target,
                (connection, ctx) => evaluate(connection, { id: rule.id, name: rule.name, settings }, ctx),
                {
                  timeoutMs: timing.timeoutMs,
                },
              )
              .catch(() => ({ ok: false as const, reason: 'The query failed unexpectedly.' }))
          : { ok: false as const, reason: 'The plugin has no evaluate hook.' };
        return { source, result };
      }),
    );
    const answers: SourceAnswer[] = results.map(({ source, result }) =>
      result.ok
        ? { sourceId: source.id, ok: true, firing: validFiring(result.value) }
        : { sourceId: source.id, ok: false, reason: result.reason },
    );
    const failures = results.flatMap(({ source, result }) =>
      result.ok ? [] : [`"${source.name}": ${result.reason}`],
    );
    const document = boundedDocument({
      sources: results.map(({ source, result }) =>
        result.ok
          ? { id: source.id, name: source.name, ...result.value.document, firing: result.value.firing.length }
          : { id: source.id, name: source.name, error: result.reason },
      ),
    });
    await retryOnDeadlock(() =>
      this.deps.orm.em.fork().transactional(async (tx) => {
        const now = this.deps.clock.now();
        const firing = await queryRows<FiringRow>(
          tx,
          `select fingerprint, alertname, instance from alert_instances
            where rule_id = ? and state in ('critical', 'warning') and fingerprint <> ?`,
          [rule.id, SOURCE_UNREACHABLE_FINGERPRINT],
        );
        const memory = memoryOf(claim.memory);
        const health = planSourceHealth({
          now: now.getTime(),
          error: failures.length === 0 ? null : failures.join(' '),
          previous: memory.failing ?? null,
          threshold: unreachableThreshold(queryObjectOf(rule.settings.queryObject)),
        });
        const plan = planEvaluation({
          now: now.getTime(),
          forMs: timing.forMs,
          keepFiringForMs: timing.keepFiringForMs,
          memory,
          answers,
          firing,
        });
        const signals = health.signal ? [...plan.signals, health.signal] : plan.signals;
        const applied = withBatchFacts(signals.map((signal) => ({ ruleId: rule.id, signal })));
        for (const { signal } of applied) await applySignal(tx, this.deps, rule.id, signal);
        const outcome: CheckOutcome = {
          status: failures.length === 0 ? 'ok' : 'error',
          error: failures.length === 0 ? null : failures.join(' '),
          document: { ...document, pending: plan.pendingCount },
          memory: {
            pending: plan.memory.pending,
            seen: plan.memory.seen,
            ...(health.failing ? { failing: health.failing } : {}),
          },
          startedAt,
          finishedAt: this.deps.clock.now(),
        };
        await finishCheck(tx, claim, outcome);
      }),
    );
  }

  /** The rule's data sources; for a text-query rule that lists none, every one of its type. */
  private async sourcesOf(rule: RuleRow): Promise<DataSource[]> {
    const em = this.deps.orm.em.fork();
    const orderBy = { name: 'asc', id: 'asc' } as const;
    const listed = await em.find(
      DataSource,
      { type: rule.type, id: { $in: await this.listedSourceIds(rule.id) } },
      { orderBy },
    );
    if (listed.length > 0 || rule.settings.queryType !== 'textQuery') return listed;
    return em.find(DataSource, { type: rule.type }, { orderBy });
  }

  private async listedSourceIds(ruleId: string): Promise<string[]> {
    const rows = await queryRows<{ data_source_id: string }>(
      this.deps.orm.em.fork(),
      'select data_source_id from alert_rule_data_sources where alert_rule_id = ?',
      [ruleId],
    );
    return rows.map((row) => row.data_source_id);
  }
}

/** The timing a rule's stored `queryObject` sets (defaults for a missing or odd one). */
export function ruleTiming(queryObject: unknown): EvaluationTiming {
  return evaluationTiming(queryObjectOf(queryObject));
}

function queryObjectOf(queryObject: unknown): Record<string, unknown> | null {
  return typeof queryObject === 'object' && queryObject !== null && !Array.isArray(queryObject)
    ? (queryObject as Record<string, unknown>)
    : null;
}

/** A plugin's answer is trusted for its shape by type only: the firing list must be a list. */
function validFiring(evaluation: RuleEvaluation): RuleEvaluation['firing'] {
  return Array.isArray(evaluation.firing) ? evaluation.firing : [];
}

function failed(startedAt: Date, finishedAt: Date, error: string): Omit<CheckOutcome, 'memory'> {
  return { status: 'error', error, document: { error }, startedAt, finishedAt };
}

function boundedDocument(document: Record<string, unknown>): Record<string, unknown> {
  const text = JSON.stringify(document);
  if (Buffer.byteLength(text) <= MAX_DOCUMENT_BYTES) return document;
  return {
    truncated: true,
    note: `The check document was ${Buffer.byteLength(text)} bytes; the first part is kept.`,
    start: text.slice(0, MAX_DOCUMENT_BYTES / 2),
  };
}
