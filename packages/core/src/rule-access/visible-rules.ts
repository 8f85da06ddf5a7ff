import type { Actor } from '../auth/actor';
import { type SqlFragment, sql } from '../persistence/sql-fragment';
import { alertRulePolicy } from '../policy/alert-rule-policy';

/**
 * The policy's "may see this rule" as a condition on `alert_rules r`. Written as one `in` over the
 * three ways in (owned, shared, shared with a team) so PostgreSQL starts from the caller's few
 * rules through the `user_id` indexes instead of testing each of the whole table's rows.
 */
export function visibleRules(actor: Actor): SqlFragment {
  if (alertRulePolicy.seesEveryRule(actor)) return sql`true`;
  const me = actor.userId;
  return sql`r.id in (
    select ow.id from alert_rules ow where ow.owner_id = ${me}
    union all select su.alert_rule_id from alert_rule_users su where su.user_id = ${me}
    union all select st.alert_rule_id from alert_rule_teams st
      join team_members tm on tm.team_id = st.team_id where tm.user_id = ${me})`;
}

/** The rules the actor administers, as a condition on `alert_rules r`. */
export function administeredRules(actor: Actor): SqlFragment {
  return alertRulePolicy.seesEveryRule(actor) ? sql`true` : sql`r.owner_id = ${actor.userId}`;
}
