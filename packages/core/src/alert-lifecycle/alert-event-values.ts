import type { AlertSignal } from './alert-signal';

/** The `alert_events` columns in the order `alertEventValues` gives them. */
export const ALERT_EVENT_COLUMNS = `id, rule_id, instance_id, episode_id, kind, state, rule_state, alertname, instance,
   description, actor_id, payload, created_at`;

/**
 * An `alert_events` row's values in `ALERT_EVENT_COLUMNS` order, split around `rule_state`, which
 * callers supply (a value, or a column of the statement that locked the rule).
 */
export function alertEventValues(
  eventId: string,
  ruleId: string,
  instanceId: string | null,
  episodeId: string | null,
  signal: AlertSignal,
  at: Date,
): { beforeRuleState: unknown[]; afterRuleState: unknown[] } {
  return {
    beforeRuleState: [eventId, ruleId, instanceId, episodeId, signal.kind, signal.state],
    afterRuleState: [
      signal.alertname,
      signal.instance,
      signal.description ?? null,
      signal.actorId ?? null,
      jsonColumn(signal.payload),
      at,
    ],
  };
}

/** A json(b) column's parameter: null stays SQL null rather than the JSON `null`. */
export function jsonColumn(value: Record<string, unknown> | null | undefined): string | null {
  return value ? JSON.stringify(value) : null;
}
