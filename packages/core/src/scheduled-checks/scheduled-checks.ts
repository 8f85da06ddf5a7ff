import type { MikroORM } from '@mikro-orm/core';
import { queryRows } from '../persistence/query-rows';
import type { PluginRegistry } from '../plugins/plugin-registry';
import type { CheckSchedule, CheckStatus } from '../ports/check-schedule';
import type { Clock } from '../ports/clock';
import { isEvaluatedRule, type RuleEvaluator, ruleTiming } from './rule-evaluator';
import {
  type CheckClaim,
  claimDueChecks,
  readCheckStatus,
  reconcileChecks,
  scheduleCheck,
  type WantedCheck,
} from './scheduled-check-store';
import type { SourcePoller } from './source-poller';

export interface ScheduledChecksDeps {
  orm: MikroORM;
  clock: Clock;
  plugins: Pick<PluginRegistry, 'sourceFor' | 'sources'>;
  rules: RuleEvaluator;
  polls: SourcePoller;
  /** Told of every finished run, for `/metrics`; absent: nothing extra is read. */
  onRun?: (run: CheckRun) => void;
}

/** One finished run: a rule's evaluation or a data source's poll, its source type and outcome. */
export interface CheckRun {
  kind: 'rule' | 'poll';
  sourceType: string;
  outcome: 'ok' | 'error';
}

/**
 * What the service asks of data sources on a schedule, as the engine drives it: `reconcile` keeps
 * a schedule row for every rule the service evaluates and every data source it polls, `claimDue` hands out the runs that are due
 * (each to one claimer, never overlapping itself), `run` carries one out. The schedule lives in the
 * database, so it survives restarts and is shared by every process that runs checks.
 */
export class ScheduledChecks implements CheckSchedule {
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
    await reconcileChecks(em, 'poll', await this.wantedPolls(), this.deps.clock.now());
  }

  /** Schedules a data source just created or changed at its poll interval (or drops its schedule). */
  async schedulePoll(sourceId: string): Promise<void> {
    const em = this.deps.orm.em.fork();
    const wanted = (await this.wantedPolls(sourceId)).at(0);
    await scheduleCheck(em, 'poll', sourceId, wanted?.intervalMs ?? null, this.deps.clock.now());
  }

  /** The data sources polled: those with a poll interval whose plugin polls (one, when named). */
  private async wantedPolls(sourceId?: string): Promise<WantedCheck[]> {
    const types = [...this.deps.plugins.sources.values()]
      .filter((plugin) => plugin.pollAlerts !== undefined)
      .map((plugin) => plugin.dataSourceType);
    if (types.length === 0) return [];
    const rows = await queryRows<{ id: string; poll_interval_seconds: number }>(
      this.deps.orm.em.fork(),
      `select id, poll_interval_seconds from data_sources
        where poll_interval_seconds is not null and type in (?)${sourceId ? ' and id = ?' : ''}`,
      sourceId ? [types, sourceId] : [types],
    );
    return rows.map((row) => ({ subjectId: row.id, intervalMs: Number(row.poll_interval_seconds) * 1000 }));
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
    if (claim.kind === 'poll') await this.deps.polls.run(claim);
    else await this.deps.rules.run(claim);
    if (this.deps.onRun) await this.reportRun(claim, this.deps.onRun);
  }

  /** Reads back the outcome the runner recorded, so the runners themselves stay unaware of metrics. */
  private async reportRun(claim: CheckClaim, onRun: (run: CheckRun) => void): Promise<void> {
    const [row] = await queryRows<{ status: string | null; type: string | null }>(
      this.deps.orm.em.fork(),
      `select c.last_status as status, coalesce(r.type, d.type) as type
         from scheduled_checks c
         left join alert_rules r on c.kind = 'rule' and r.id = c.subject_id
         left join data_sources d on c.kind = 'poll' and d.id = c.subject_id
        where c.kind = ? and c.subject_id = ?`,
      [claim.kind, claim.subjectId],
    );
    onRun({
      kind: claim.kind === 'poll' ? 'poll' : 'rule',
      // Plugin types only: a subject deleted meanwhile is counted under `unknown`.
      sourceType: row?.type && this.deps.plugins.sourceFor(row.type) ? row.type : 'unknown',
      outcome: row?.status === 'ok' ? 'ok' : 'error',
    });
  }

  /** A data source's polls: their schedule and last outcome; null for one not polled. */
  pollStatus(sourceId: string): Promise<CheckStatus | null> {
    return readCheckStatus(this.deps.orm.em.fork(), 'poll', sourceId);
  }

  /** A rule's evaluation: its schedule and last outcome; null for a rule the service does not evaluate. */
  ruleStatus(ruleId: string): Promise<CheckStatus | null> {
    return readCheckStatus(this.deps.orm.em.fork(), 'rule', ruleId);
  }
}
