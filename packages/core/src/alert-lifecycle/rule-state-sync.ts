import type { EntityManager } from '@mikro-orm/core';
import { ALERT_STATES, type AlertState } from '../entities/index';
import { queryRows } from '../persistence/query-rows';
import { runStatement } from '../persistence/run-statement';
import { statesAtLeast, worstOf } from './state-rank';

/**
 * Brings a rule's state up to date after one of its instances changed, and says what it is now.
 *
 * `worsenedTo` is the instance's new state when it opened or got worse. If the rule is already at
 * least that bad, its state stands and the rule row is only share-locked: a storm of fires on one
 * rule goes on in parallel instead of queueing behind one lock held to each commit. Otherwise (an
 * instance got better, or the rule must get worse) the rule row is locked exclusively and its state
 * recomputed as the worst of its instances. The share lock, held to commit, makes such a recompute
 * wait until this instance is committed and so visible to it.
 *
 * The exclusive lock is `for no key update`, not `for update`: inserting an instance or an event
 * takes a key share lock on the rule row (their foreign keys), which `for update` conflicts with, so
 * two fires that each inserted before locking would deadlock.
 */
export async function syncRuleState(
  tx: EntityManager,
  ruleId: string,
  worsenedTo?: AlertState,
): Promise<AlertState> {
  if (worsenedTo) {
    const standing = await stateIfAlreadyAsBad(tx, ruleId, worsenedTo);
    if (standing) return standing;
  }
  const [rule] = await queryRows<{ state: AlertState }>(
    tx,
    'select state from alert_rules where id = ? for no key update',
    [ruleId],
  );
  // A statement of its own after the lock, so it sees everything committed before the lock was had;
  // one index probe per state on (rule_id, state), not a read of every instance of the rule.
  const rows = await queryRows<{ state: AlertState }>(
    tx,
    `select s.state from unnest(array[?]::text[]) as s(state)
      where exists (select 1 from alert_instances i where i.rule_id = ? and i.state = s.state)`,
    [[...ALERT_STATES], ruleId],
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

/**
 * The rule's state under a share lock when it is at least as bad as `state`; null, and no lock
 * kept, when it is not, so that no fire holds a share lock while it waits for the exclusive one (two
 * such would deadlock). The condition is part of the locking statement, but that alone is not enough:
 * a locking read that waits for a state change to commit locks the row's new version and only then
 * checks the condition again, and the lock stays when the row fails it. `skip locked` never waits:
 * a rule whose state is being changed is not standing, and the fire takes the exclusive lock instead.
 */
async function stateIfAlreadyAsBad(
  tx: EntityManager,
  ruleId: string,
  state: AlertState,
): Promise<AlertState | null> {
  const asBad = statesAtLeast(state);
  const [rule] = await queryRows<{ state: AlertState }>(
    tx,
    'select state from alert_rules where id = ? and state in (?) for share skip locked',
    [ruleId, asBad],
  );
  return rule?.state ?? null;
}
