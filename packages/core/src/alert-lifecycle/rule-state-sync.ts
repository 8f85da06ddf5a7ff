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
  // one index probe per state on (state, rule_id), not a read of every instance of the rule.
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
 * such would deadlock). The condition in the locking statement is not enough for that: a locking
 * read that waits for a state change to commit locks the row's new version and only then checks the
 * condition again, and the lock stays when the row fails it.
 *
 * So the lock is first tried without waiting (`skip locked`): the common case, a storm of fires on a
 * rule already critical, share the row and pass at once. A rule that is locked and, as last
 * committed, as bad is waited for inside a savepoint, whose rollback releases a lock kept on a row
 * that turned out better. (Going straight to the exclusive lock instead would feed on itself: every
 * fire that met an exclusive holder would become one.)
 */
async function stateIfAlreadyAsBad(
  tx: EntityManager,
  ruleId: string,
  state: AlertState,
): Promise<AlertState | null> {
  const asBad = statesAtLeast(state);
  const lockAsBad = (wait: boolean) =>
    queryRows<{ state: AlertState }>(
      tx,
      `select state from alert_rules where id = ? and state in (?) for share${wait ? '' : ' skip locked'}`,
      [ruleId, asBad],
    );
  const [free] = await lockAsBad(false);
  if (free) return free.state;
  const [committed] = await queryRows<{ as_bad: boolean }>(
    tx,
    'select state in (?) as as_bad from alert_rules where id = ?',
    [asBad, ruleId],
  );
  if (!committed?.as_bad) return null;
  await runStatement(tx, 'savepoint rule_standing');
  const [waited] = await lockAsBad(true);
  await runStatement(tx, waited ? 'release savepoint rule_standing' : 'rollback to savepoint rule_standing');
  return waited?.state ?? null;
}
