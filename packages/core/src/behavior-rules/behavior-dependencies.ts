import type { EntityManager } from '@mikro-orm/core';
import type { Actor } from '../auth/actor';
import { isId } from '../entities/new-id';
import { type FieldErrors, validationFailed } from '../errors/domain-error';
import { selectRows, sql } from '../persistence/sql-fragment';
import { visibleRules } from '../rule-access/visible-rules';

const FIELD = 'dependsOnAlertRuleIds';

/** Rule types whose rules are never resolved or critical: notification rules record `triggered` only. */
export const NON_RESOLVING_RULE_TYPES: readonly string[] = ['notification'];

/**
 * Checks the alert rules a silent behavior rule of `selfId` names, each at its own path
 * (`dependsOnAlertRuleIds.N`): it must exist, be visible to the caller, not be the rule itself,
 * and be of a type that can be resolved or critical. Ids already on the behavior rule stay
 * without the visibility check, as endpoints already on a rule do.
 */
export async function assertDependenciesSelectable(
  em: EntityManager,
  actor: Actor,
  selfId: string,
  ids: readonly string[],
  alreadyAttached: ReadonlySet<string>,
): Promise<void> {
  const wanted = [...new Set(ids.filter(isId))];
  const found = await selectRows<{ id: string; type: string; visible: boolean }>(
    em,
    sql`select r.id, r.type, (${visibleRules(actor)}) as visible from alert_rules r where r.id in (${wanted})`,
  );
  const byId = new Map(found.map((row) => [row.id, row]));
  const errors: FieldErrors = {};
  ids.forEach((id, index) => {
    const rule = byId.get(id);
    const message =
      id === selfId
        ? 'An alert rule cannot depend on itself.'
        : !rule || (!rule.visible && !alreadyAttached.has(id))
          ? 'The selected alert rule is invalid.'
          : NON_RESOLVING_RULE_TYPES.includes(rule.type)
            ? 'The selected alert rule is never resolved or critical: notification rules only record triggered events.'
            : undefined;
    if (message) errors[`${FIELD}.${index}`] = [message];
  });
  if (Object.keys(errors).length > 0) throw validationFailed(errors);
}

/**
 * Refuses dependencies that would let `selfId` silence itself through other rules' silent
 * behavior rules (A depends on B, B on A): a walk from each new dependency over the stored
 * dependency links, one statement per level, each rule visited once. Callers hold the dependency
 * lock, so two writes cannot each close half of a cycle.
 */
export async function assertNoDependencyCycle(
  em: EntityManager,
  selfId: string,
  dependsOn: readonly string[],
): Promise<void> {
  const cameFrom = new Map<string, string>(dependsOn.map((id) => [id, selfId]));
  let frontier = [...new Set(dependsOn)];
  while (frontier.length > 0) {
    const edges = await selectRows<{ from: string; to: string }>(
      em,
      sql`select distinct b.alert_rule_id as "from", d.depends_on_rule_id as "to"
            from alert_rule_behavior_rules b
            join alert_rule_behavior_dependencies d on d.behavior_rule_id = b.id
           where b.alert_rule_id in (${frontier})`,
    );
    const next: string[] = [];
    for (const { from, to } of edges) {
      if (to === selfId)
        throw validationFailed({ [FIELD]: [await cycleMessage(em, selfId, from, cameFrom)] });
      if (cameFrom.has(to)) continue;
      cameFrom.set(to, from);
      next.push(to);
    }
    frontier = next;
  }
}

async function cycleMessage(
  em: EntityManager,
  selfId: string,
  last: string,
  cameFrom: ReadonlyMap<string, string>,
): Promise<string> {
  const path = [selfId];
  for (let at: string | undefined = last; at !== undefined && at !== selfId; at = cameFrom.get(at)) {
    path.splice(1, 0, at);
  }
  path.push(selfId);
  const names = await selectRows<{ id: string; name: string }>(
    em,
    sql`select id, name from alert_rules where id in (${path})`,
  );
  const nameOf = new Map(names.map((row) => [row.id, row.name]));
  const shown = path.map((id) => nameOf.get(id) ?? id).join(' → ');
  return `These dependencies would make a cycle: ${shown}.`;
}
