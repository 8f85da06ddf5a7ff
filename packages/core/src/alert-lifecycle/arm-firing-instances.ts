import type { EntityManager } from '@mikro-orm/core';
import { queryRows } from '../persistence/query-rows';
import type { Orchestrator } from '../ports/orchestrator';

/**
 * Starts the auto-resolve timer of every instance of a rule that is firing now, counted from its
 * last fire: for a rule whose auto-resolve was just turned on, whose instances would otherwise wait
 * for their next episode. Runs in the caller's transaction, like every orchestrator call.
 */
export async function armFiringInstances(
  tx: EntityManager,
  orchestrator: Orchestrator,
  ruleId: string,
  autoResolveMinutes: number,
): Promise<void> {
  const firing = await queryRows<{ fingerprint: string; episode_id: string; last_seen_at: Date | string }>(
    tx,
    `select fingerprint, episode_id, last_seen_at from alert_instances
      where rule_id = ? and state in ('critical', 'warning')`,
    [ruleId],
  );
  for (const instance of firing) {
    await orchestrator.armAutoResolve(tx, {
      ruleId,
      fingerprint: instance.fingerprint,
      episodeId: instance.episode_id,
      opened: true,
      autoResolveMinutes,
      firedAt: new Date(instance.last_seen_at),
    });
  }
}
