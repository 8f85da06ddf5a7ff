import type { EntityManager } from '@mikro-orm/core';
import type { ScheduleTargetInput } from '@oncall/contracts';
import type { Actor } from '../auth/actor';
import { newId } from '../entities/new-id';
import { type FieldErrors, validationFailed } from '../errors/domain-error';
import { runStatement } from '../persistence/run-statement';
import { selectRows, sql } from '../persistence/sql-fragment';
import { scheduleUsableBy } from './usable-schedule';

/**
 * Each schedule a rule pages directly must be one the writer may use: the owner and manager roles,
 * or the schedule's team's people (as for a flow's schedule step; others get the message of a
 * missing one, as the schedule routes answer 404). A schedule the rule already pages may be sent
 * back as it is by any admin of the rule. Reported at `scheduleTargets.<i>.scheduleId`.
 */
export async function assertUsableScheduleTargets(
  em: EntityManager,
  actor: Actor,
  targets: readonly ScheduleTargetInput[],
  ruleId?: string,
): Promise<void> {
  if (targets.length === 0) return;
  const ids = [...new Set(targets.map((target) => target.scheduleId))];
  const rows = await selectRows<{ id: string }>(
    em,
    sql`select s.id from schedules s join teams t on t.id = s.team_id
         where s.id in (${ids})
           and (${scheduleUsableBy(actor)}
                or exists (select 1 from alert_rule_schedule_targets st
                            where st.schedule_id = s.id and st.alert_rule_id = ${ruleId ?? null}))`,
  );
  const usable = new Set(rows.map((row) => row.id));
  const errors: FieldErrors = {};
  targets.forEach((target, index) => {
    if (!usable.has(target.scheduleId))
      errors[`scheduleTargets.${index}.scheduleId`] = ['The selected schedule is invalid.'];
  });
  if (Object.keys(errors).length > 0) throw validationFailed(errors);
}

/**
 * Makes the rule's schedule targets the given ones, in the caller's transaction. A schedule the
 * rule already paged keeps its target id: the id keys its round-robin turns and the follow-ups
 * (acknowledge, resolve) of pages already sent, which a rule edit must not orphan.
 */
export async function writeScheduleTargets(
  tx: EntityManager,
  ruleId: string,
  targets: readonly ScheduleTargetInput[],
): Promise<void> {
  const kept = targets.map((target) => target.scheduleId);
  await runStatement(
    tx,
    kept.length === 0
      ? 'delete from alert_rule_schedule_targets where alert_rule_id = ?'
      : `delete from alert_rule_schedule_targets
          where alert_rule_id = ? and schedule_id not in (${kept.map(() => '?').join(', ')})`,
    [ruleId, ...kept],
  );
  for (const target of targets) {
    await runStatement(
      tx,
      `insert into alert_rule_schedule_targets
         (id, alert_rule_id, schedule_id, if_nobody_on_call, urgency, round_robin)
       values (?, ?, ?, ?, ?, ?)
       on conflict (alert_rule_id, schedule_id) do update
         set if_nobody_on_call = excluded.if_nobody_on_call, urgency = excluded.urgency,
             round_robin = excluded.round_robin`,
      [newId(), ruleId, target.scheduleId, target.ifNobodyOnCall, target.urgency, target.roundRobin],
    );
  }
}
