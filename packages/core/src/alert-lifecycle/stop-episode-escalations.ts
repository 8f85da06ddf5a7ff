import type { EntityManager } from '@mikro-orm/core';
import { queryRows } from '../persistence/query-rows';
import type { EscalationStopReason, Orchestrator } from '../ports/orchestrator';

/**
 * Stops every escalation an episode started: the one its opening fire started, and those a worsening
 * status change started under its own event id later in the same episode.
 */
export async function stopEpisodeEscalations(
  tx: EntityManager,
  orchestrator: Orchestrator,
  episodeIds: readonly string[],
  reason: EscalationStopReason,
): Promise<void> {
  if (episodeIds.length === 0) return;
  const paged = await queryRows<{ id: string }>(
    tx,
    `select id from alert_events where episode_id in (?) and kind in ('fired', 'refired', 'status') order by id`,
    [episodeIds],
  );
  const eventIds = new Set([...episodeIds, ...paged.map((row) => row.id)]);
  for (const alertEventId of eventIds) await orchestrator.stopEscalations(tx, { alertEventId, reason });
}
