import type { EntityManager } from '@mikro-orm/core';
import type { Actor } from '../auth/actor';
import type { AlertRuleType } from '../entities/alert-rule.entity';
import { notFound } from '../errors/domain-error';
import { selectRows, sql } from '../persistence/sql-fragment';
import { alertRulePolicy, type RuleStanding } from '../policy/alert-rule-policy';
import { loadById } from '../validation/find-by-id';

export interface StandingOnRule extends RuleStanding {
  id: string;
  type: AlertRuleType;
  canView: boolean;
  canAdminister: boolean;
}

/**
 * Loads how the actor stands to a rule. A rule the actor may not see answers 404 on every route, as
 * one that does not exist: a 403 would tell a stranger that the id names a rule.
 */
export async function standingOnRule(
  em: EntityManager,
  actor: Actor,
  ruleId: string,
): Promise<StandingOnRule> {
  const me = actor.userId;
  const row = await loadById(ruleId, 'Alert rule', async (id) => {
    const [found] = await selectRows<RuleStanding & { id: string; type: AlertRuleType }>(
      em,
      sql`select r.id, r.type, r.owner_id as "ownerId",
          exists (select 1 from alert_rule_users su
                   where su.alert_rule_id = r.id and su.user_id = ${me}) as "sharedWithActor",
          exists (select 1 from alert_rule_teams st join team_members tm on tm.team_id = st.team_id
                   where st.alert_rule_id = r.id and tm.user_id = ${me}) as "sharedWithActorsTeam"
        from alert_rules r where r.id = ${id}`,
    );
    return found ?? null;
  });
  const standing = {
    ...row,
    canView: alertRulePolicy.canView(actor, row),
    canAdminister: alertRulePolicy.canAdminister(actor, row),
  };
  if (!standing.canView) throw notFound('Alert rule');
  return standing;
}
