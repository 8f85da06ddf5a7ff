import type { EntityManager } from '@mikro-orm/core';
import { queryRows } from '../persistence/query-rows';

/**
 * The targets a rule pages: every attached endpoint except those whose owner silenced the rule
 * (silence is per user and suppresses that user's notifications), and its schedule targets.
 */
export async function notifyTargets(tx: EntityManager, ruleId: string): Promise<string[]> {
  const rows = await queryRows<{ id: string }>(tx, NOTIFY_TARGETS_SQL, [ruleId]);
  return rows.map((r) => r.id);
}

/**
 * The targets' query, one `?` for the rule id, for statements that read them along with other work:
 * the attached endpoints less those whose owner silenced the rule, and the schedules the rule pages
 * directly (`alert_rule_schedule_targets`, the schedules module's table: each row's id is routed as
 * a one-step flow paging whoever is on call). The database function `apply_fire_in_one_statement`
 * repeats its condition (see its routine).
 */
export const NOTIFY_TARGETS_SQL = `select t.id from (
     select re.alert_rule_id, e.id from alert_rule_endpoints re
       join endpoints e on e.id = re.endpoint_id
      where not exists (select 1 from alert_rule_silences s
                         where s.alert_rule_id = re.alert_rule_id and s.user_id = e.owner_id)
     union all
     select st.alert_rule_id, st.id from alert_rule_schedule_targets st
   ) t
  where t.alert_rule_id = ?
  order by t.id`;
