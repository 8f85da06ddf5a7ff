import type { EntityManager } from '@mikro-orm/core';
import type { NotificationBehaviorEffect } from '../entities/notification-behavior.entity';
import { runStatement } from '../persistence/run-statement';
import type { BehaviorRecord } from './notification-behavior';

/** One row of `notification_behaviors`: what a behavior rule did to one notification. */
export interface NotificationBehaviorRow {
  readonly alertEventId: string;
  readonly endpointId: string;
  readonly effect: NotificationBehaviorEffect;
  readonly behaviorRuleId: string;
  readonly error?: string | null;
}

/**
 * Records, beside the delivery log, what behavior rules did to notifications (one statement; a row
 * already there, as from a retried send, is kept).
 */
export async function recordNotificationBehaviors(
  em: EntityManager,
  rows: readonly NotificationBehaviorRow[],
): Promise<void> {
  if (rows.length === 0) return;
  await runStatement(
    em,
    `insert into notification_behaviors (alert_event_id, endpoint_id, effect, behavior_rule_id, error, created_at)
     values ${rows.map(() => '(?, ?, ?, ?, ?, now())').join(', ')}
     on conflict (alert_event_id, endpoint_id, effect) do nothing`,
    rows.flatMap((row) => [
      row.alertEventId,
      row.endpointId,
      row.effect,
      row.behaviorRuleId,
      row.error ?? null,
    ]),
  );
}

/**
 * The rows of an event's paging decision: each target a silent rule held back, each endpoint a
 * notification rule added (not the rule's own). Templates are recorded when the message is made.
 */
export function pagingBehaviorRows(
  alertEventId: string,
  targets: readonly string[],
  record: BehaviorRecord,
): NotificationBehaviorRow[] {
  const [silencedBy] = record.silencedBy ?? [];
  if (silencedBy !== undefined) {
    return targets.map((endpointId) => ({
      alertEventId,
      endpointId,
      effect: 'silenced',
      behaviorRuleId: silencedBy,
    }));
  }
  const own = new Set(targets);
  const rows: NotificationBehaviorRow[] = [];
  for (const routed of record.routed ?? []) {
    for (const endpointId of routed.endpointIds) {
      if (own.has(endpointId) || rows.some((row) => row.endpointId === endpointId)) continue;
      rows.push({ alertEventId, endpointId, effect: 'routed', behaviorRuleId: routed.behaviorRuleId });
    }
  }
  return rows;
}
