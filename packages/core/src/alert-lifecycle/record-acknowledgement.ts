import type { EntityManager } from '@mikro-orm/core';
import { applyPagingBehaviors, readPagingBehaviors } from '../behavior-rules/notification-behavior';
import { pagingBehaviorRows, recordNotificationBehaviors } from '../behavior-rules/notification-behavior-log';
import { newId } from '../entities/index';
import { queryRows } from '../persistence/query-rows';
import { runStatement } from '../persistence/run-statement';
import type { Orchestrator } from '../ports/orchestrator';
import { NOTIFY_TARGETS_SQL } from './notify-targets';
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
    // The episodes go in the payload: a rule-level event has no `episode_id`, and an instance's mark
    // is cleared when it fires again, so this is how an episode's past acknowledgement is read back.
    `insert into alert_events (id, rule_id, kind, rule_state, actor_id, via_endpoint_id, description, payload, created_at)
     values (?, ?, 'acknowledged', ?, ?, ?, ?, jsonb_build_object('episodeIds', ?::jsonb), ?)`,
    [
      eventId,
      ack.ruleId,
      ack.ruleState,
      ack.actorId,
      ack.via?.endpointId ?? null,
      description,
      JSON.stringify(ack.episodeIds),
      ack.at,
    ],
  );
  // A rule-level event: silent behavior rules hold it back; notification rules, which match an
  // alert's instance or labels, have nothing to match.
  const [row] = await queryRows<{ targets: string[] | string; has_behaviors: boolean | null }>(
    tx,
    `select coalesce((select json_agg(t.id) from (${NOTIFY_TARGETS_SQL}) as t), '[]') as targets,
            (select has_behavior_rules from alert_rules where id = ?) as has_behaviors`,
    [ack.ruleId, ack.ruleId],
  );
  const targets =
    typeof row?.targets === 'string' ? (JSON.parse(row.targets) as string[]) : (row?.targets ?? []);
  let endpointIds = targets;
  if (row?.has_behaviors === true) {
    const { behaviors } = await readPagingBehaviors(tx, ack.ruleId, null);
    const silent = behaviors.filter((b) => b.kind === 'silent');
    const applied = applyPagingBehaviors({
      targets,
      behaviors: silent,
      alert: null,
      ruleType: '',
      now: ack.at.getTime(),
    });
    endpointIds = applied.endpointIds;
    if (applied.record) {
      await runStatement(
        tx,
        `update alert_events set payload = coalesce(payload, '{}'::jsonb) || jsonb_build_object('behavior', ?::jsonb)
          where id = ?`,
        [JSON.stringify(applied.record), eventId],
      );
      await recordNotificationBehaviors(tx, pagingBehaviorRows(eventId, targets, applied.record));
    }
  }
  for (const endpointId of endpointIds) {
    await orchestrator.notify(tx, { alertEventId: eventId, endpointId });
  }
  await stopEpisodeEscalations(tx, orchestrator, ack.episodeIds, 'acknowledged');
}
