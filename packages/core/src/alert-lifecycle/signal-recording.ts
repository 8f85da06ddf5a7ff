import type { EntityManager } from '@mikro-orm/core';
import { type AlertState, newId } from '../entities/index';
import { runStatement } from '../persistence/run-statement';
import { ALERT_EVENT_COLUMNS, alertEventValues } from './alert-event-values';
import type { AlertSignal } from './alert-signal';
import { syncRuleState } from './rule-state-sync';

/**
 * How a signal's change becomes history: an event row, with the rule's state as the change left it.
 */
export async function recordEvent(
  tx: EntityManager,
  at: Date,
  ruleId: string,
  instanceId: string,
  episodeId: string,
  signal: AlertSignal,
  change: { worsened: boolean; eventId?: string },
): Promise<string> {
  const eventId = change.eventId ?? newId();
  const ruleState = await syncRuleState(tx, ruleId, change.worsened ? signal.state : undefined);
  await insertEvent(tx, eventId, ruleId, instanceId, episodeId, signal, ruleState, at);
  return eventId;
}

/** An event row with the rule state given. */
export async function insertEvent(
  tx: EntityManager,
  eventId: string,
  ruleId: string,
  instanceId: string | null,
  episodeId: string | null,
  signal: AlertSignal,
  ruleState: AlertState,
  at: Date,
): Promise<void> {
  const values = alertEventValues(eventId, ruleId, instanceId, episodeId, signal, at);
  await runStatement(
    tx,
    `insert into alert_events (${ALERT_EVENT_COLUMNS})
     values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    [...values.beforeRuleState, ruleState, ...values.afterRuleState],
  );
}
