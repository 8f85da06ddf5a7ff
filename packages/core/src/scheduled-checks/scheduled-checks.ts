import type { MikroORM } from '@mikro-orm/core';
import { queryRows } from '../persistence/query-rows';
import type { PluginRegistry } from '../plugins/plugin-registry';
import type { Clock } from '../ports/clock';
import { isEvaluatedRule, type RuleEvaluator, ruleTiming } from './rule-evaluator';
import {
  type CheckClaim,
  type CheckStatus,
  claimDueChecks,
  readCheckStatus,
  reconcileChecks,
  scheduleCheck,
} from './scheduled-check-store';

export interface ScheduledChecksDeps {
  orm: MikroORM;
  clock: Clock;
  plugins: Pick<PluginRegistry, 'sourceFor' | 'sources'>;
  rules: RuleEvaluator;
}

/**
 * What the service asks of data sources on a schedule, as the engine drives it: `reconcile` keeps
 * a schedule row for every rule the service evaluates, `claimDue` hands out the runs that are due
 * (each to one claimer, never overlapping itself), `run` carries one out. The schedule lives in the
 * database, so it survives restarts and is shared by every process that runs checks.
 */
export class ScheduledChecks {
  constructor(private readonly deps: ScheduledChecksDeps) {}

  /** Schedules every evaluated rule at its interval and drops the schedule of any other. */
  async reconcile(): Promise<void> {
    const types = [...this.deps.plugins.sources.values()]
      .filter((plugin) => plugin.evaluate !== undefined)
      .map((plugin) => plugin.dataSourceType);
    const em = this.deps.orm.em.fork();
    const rules =
      types.length === 0
        ? []
        : await queryRows<{ id: string; type: string; query_type: unknown; query_object: unknown }>(
            em,
            `select id, type, settings->'queryType' as query_type, settings->'queryObject' as query_object
               from alert_rules where type in (?)`,
            [types],
          );
    const wanted = rules
      .filter((rule) =>
        isEvaluatedRule(this.deps.plugins.sourceFor(rule.type), { queryType: rule.query_type }),
      )
      .map((rule) => ({
        subjectId: rule.id,
        intervalMs: ruleTiming(rule.query_object).intervalMs,
      }));
    await reconcileChecks(em, 'rule', wanted, this.deps.clock.now());
  }

  /** Schedules a rule just created or changed (or drops its schedule), rather than at the next reconcile. */
  async scheduleRule(ruleId: string): Promise<void> {
    const em = this.deps.orm.em.fork();
    const [rule] = await queryRows<{ type: string; query_type: unknown; query_object: unknown }>(
      em,
      `select type, settings->'queryType' as query_type, settings->'queryObject' as query_object
         from alert_rules where id = ?`,
      [ruleId],
    );
    const evaluated =
      rule !== undefined &&
      isEvaluatedRule(this.deps.plugins.sourceFor(rule.type), { queryType: rule.query_type });
    await scheduleCheck(
      em,
      'rule',
      ruleId,
      evaluated ? ruleTiming(rule.query_object).intervalMs : null,
      this.deps.clock.now(),
    );
  }

  claimDue(limit: number): Promise<CheckClaim[]> {
    return claimDueChecks(this.deps.orm.em.fork(), this.deps.clock.now(), limit);
  }

  /** Runs a claimed check to its end; its outcome (an error included) is recorded, not thrown. */
  async run(claim: CheckClaim): Promise<void> {
    await this.deps.rules.run(claim);
  }

  /** A rule's evaluation: its schedule and last outcome; null for a rule the service does not evaluate. */
  ruleStatus(ruleId: string): Promise<CheckStatus | null> {
    return readCheckStatus(this.deps.orm.em.fork(), 'rule', ruleId);
  }
}
