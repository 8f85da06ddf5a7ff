import type { EntityManager } from '@mikro-orm/core';
import {
  applyPagingBehaviors,
  type BehaviorAlert,
  readPagingBehaviors,
} from '../behavior-rules/notification-behavior';
import { pagingBehaviorRows, recordNotificationBehaviors } from '../behavior-rules/notification-behavior-log';
import { queryRows } from '../persistence/query-rows';
import { runStatement } from '../persistence/run-statement';
import type { AlertSignal } from './alert-signal';
import { notifyEndpoints } from './notify-endpoints';
import { NOTIFY_TARGETS_SQL } from './notify-targets';
import type { SignalDeps } from './signal-deps';

/**
 * Pages the rule's targets about an event, as its behavior rules have them (silenced, routed to
 * more endpoints): one statement reads the targets and whether the rule has behavior rules.
 */
export async function notifyAll(
  tx: EntityManager,
  deps: SignalDeps,
  ruleId: string,
  alertEventId: string,
  signal: AlertSignal,
): Promise<void> {
  const [row] = await queryRows<{ targets: string[] | string; has_behaviors: boolean | null }>(
    tx,
    `select coalesce((select json_agg(t.id) from (${NOTIFY_TARGETS_SQL}) as t), '[]') as targets,
            (select has_behavior_rules from alert_rules where id = ?) as has_behaviors`,
    [ruleId, ruleId],
  );
  const targets = row ? targetIdsOf(row.targets) : [];
  await pageWithBehaviors(tx, deps, ruleId, alertEventId, targets, row?.has_behaviors === true, signal);
}

/**
 * Queues the pages of an event once its rule's behavior rules have had their say, and records what
 * they did. A rule without behavior rules (the flag read with its targets) costs no statement here;
 * one with some, the one that reads them.
 */
export async function pageWithBehaviors(
  tx: EntityManager,
  deps: SignalDeps,
  ruleId: string,
  alertEventId: string,
  targets: readonly string[],
  hasBehaviors: boolean,
  signal: AlertSignal,
): Promise<void> {
  let endpointIds = [...targets];
  if (hasBehaviors) {
    const read = await readPagingBehaviors(tx, ruleId, signal.labels ? null : signal.fingerprint);
    const alert = alertOf(signal);
    const applied = applyPagingBehaviors({
      targets,
      behaviors: read.behaviors,
      alert: { ...alert, labels: alert.labels ?? read.labels },
      ruleType: read.ruleType,
      now: deps.clock.now().getTime(),
    });
    endpointIds = applied.endpointIds;
    if (applied.record) {
      await runStatement(
        tx,
        `update alert_events set payload = coalesce(payload, '{}'::jsonb) || jsonb_build_object('behavior', ?::jsonb)
          where id = ?`,
        [JSON.stringify(applied.record), alertEventId],
      );
      await recordNotificationBehaviors(tx, pagingBehaviorRows(alertEventId, targets, applied.record));
    }
  }
  await notifyEndpoints(
    tx,
    deps.orchestrator,
    endpointIds.map((endpointId) => ({ alertEventId, endpointId })),
  );
}

/** The alert a signal is about, as behavior filters see it. */
function alertOf(signal: AlertSignal): BehaviorAlert {
  const annotations = signal.payload?.annotations;
  return {
    instance: signal.instance,
    labels: signal.labels ?? null,
    annotations:
      typeof annotations === 'object' && annotations !== null
        ? (annotations as Record<string, string>)
        : null,
  };
}

/** Endpoint ids as a statement answers them: a JSON array, as text on PGlite. */
export function targetIdsOf(value: string[] | string): string[] {
  return typeof value === 'string' ? (JSON.parse(value) as string[]) : value;
}
