import type { EntityManager } from '@mikro-orm/core';
import { queryRows } from '../persistence/query-rows';

/**
 * The endpoints a rule pages: every attached endpoint except those whose owner silenced the rule
 * (silence is per user and suppresses that user's notifications).
 */
export async function notifyTargets(tx: EntityManager, ruleId: string): Promise<string[]> {
  const rows = await queryRows<{ id: string }>(tx, NOTIFY_TARGETS_SQL, [ruleId]);
  return rows.map((r) => r.id);
}

/**
 * The targets' query, one `?` for the rule id, for statements that read them along with other work.
 * The database function `apply_fire_in_one_statement` repeats its condition (see its routine).
 */
export const NOTIFY_TARGETS_SQL = `select e.id from alert_rule_endpoints re
   join endpoints e on e.id = re.endpoint_id
  where re.alert_rule_id = ?
    and not exists (select 1 from alert_rule_silences s
                     where s.alert_rule_id = re.alert_rule_id and s.user_id = e.owner_id)
  order by e.id`;
