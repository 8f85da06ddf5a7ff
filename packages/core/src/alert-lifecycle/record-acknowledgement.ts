import type { EntityManager } from '@mikro-orm/core';
import { newId } from '../entities/index';
import { runStatement } from '../persistence/run-statement';
import type { Orchestrator } from '../ports/orchestrator';
import { notifyTargets } from './notify-targets';
import { stopEpisodeEscalations } from './stop-episode-escalations';

export interface Acknowledgement {
  readonly ruleId: string;
  readonly ruleName: string;
  readonly ruleState: string;
  /** The episodes whose instances were just marked, with `acknowledged_at` = `at`. */
  readonly episodeIds: readonly string[];
  readonly actorId: string | null;
  /** The endpoint whose page was acknowledged through its link; null in the app. */
  readonly via: { readonly endpointId: string; readonly endpointName: string } | null;
  readonly at: Date;
}

/**
 * What follows marking instances acknowledged, in the caller's transaction: the `acknowledged`
 * history event (at the marks' own time, which is how follow-ups find the episodes), a notice to
 * the rule's endpoints, and the end of the episodes' escalations.
 */
export async function recordAcknowledgement(
  tx: EntityManager,
  orchestrator: Orchestrator,
  ack: Acknowledgement,
): Promise<void> {
  const eventId = newId();
  const description = ack.via
    ? `Acknowledged ${ack.ruleName} via ${ack.via.endpointName}`
    : `Acknowledged ${ack.ruleName}`;
  await runStatement(
    tx,
    `insert into alert_events (id, rule_id, kind, rule_state, actor_id, via_endpoint_id, description, created_at)
     values (?, ?, 'acknowledged', ?, ?, ?, ?, ?)`,
    [eventId, ack.ruleId, ack.ruleState, ack.actorId, ack.via?.endpointId ?? null, description, ack.at],
  );
  for (const endpointId of await notifyTargets(tx, ack.ruleId)) {
    await orchestrator.notify(tx, { alertEventId: eventId, endpointId });
  }
  await stopEpisodeEscalations(tx, orchestrator, ack.episodeIds, 'acknowledged');
}
