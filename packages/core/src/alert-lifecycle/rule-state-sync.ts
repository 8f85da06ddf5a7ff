import type { EntityManager } from '@mikro-orm/core';
import type { AlertState } from '../entities/index';
import { queryRows } from '../persistence/query-rows';
import { runStatement } from '../persistence/run-statement';
import { worstOf } from './state-rank';

/**
 * Recomputes a rule's state as the worst of its instances. The rule row is locked first, so two
 * instances changing at once cannot both compute from a stale picture; the instance query runs
 * after the lock, as its own statement, and so sees everything committed before it.
 */
export async function syncRuleState(tx: EntityManager, ruleId: string): Promise<AlertState> {
  const [rule] = await queryRows<{ state: AlertState }>(
    tx,
    'select state from alert_rules where id = ? for update',
    [ruleId],
  );
  const rows = await queryRows<{ state: AlertState }>(
    tx,
    'select distinct state from alert_instances where rule_id = ?',
    [ruleId],
  );
  const next = worstOf(rows.map((r) => r.state));
  if (rule && rule.state !== next) {
    await runStatement(tx, 'update alert_rules set state = ?, updated_at = now() where id = ?', [
      next,
      ruleId,
    ]);
  }
  return next;
}
