import type { EntityManager } from '@mikro-orm/core';
import type { Actor } from '../auth/actor';
import { runSql, selectRows, sql } from '../persistence/sql-fragment';

/**
 * What "delete" means for someone who does not administer a rule: their own share, the endpoints
 * they own and their silence are taken off it. Returns the rules where something was removed
 * (a rule seen only through a team has nothing of the caller's to take off).
 */
export async function leaveRule(
  tx: EntityManager,
  actor: Actor,
  ruleIds: readonly string[],
): Promise<string[]> {
  if (ruleIds.length === 0) return [];
  const me = actor.userId;
  const shares = await selectRows<{ id: string }>(
    tx,
    sql`delete from alert_rule_users where user_id = ${me} and alert_rule_id in (${ruleIds})
        returning alert_rule_id as id`,
  );
  const endpoints = await selectRows<{ id: string }>(
    tx,
    sql`delete from alert_rule_endpoints re using endpoints e
         where e.id = re.endpoint_id and e.owner_id = ${me} and re.alert_rule_id in (${ruleIds})
        returning re.alert_rule_id as id`,
  );
  const left = [...new Set([...shares, ...endpoints].map((row) => row.id))];
  await runSql(tx, sql`delete from alert_rule_silences where user_id = ${me} and alert_rule_id in (${left})`);
  return left;
}
