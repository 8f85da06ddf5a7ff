import type { AlertState } from '../entities/index';
import type { FreshEventFacts } from '../notifications/fresh-event-facts';
import type { AlertSignal } from './alert-signal';

/** An opening that pages, as the statement that recorded it saw it. */
export interface RecordedPagingOpening {
  eventId: string;
  ruleId: string;
  signal: AlertSignal;
  /** The event's `created_at` as written. */
  at: Date;
  /** The rule's columns, read in the statement that recorded the event. */
  rule: { state: AlertState; name: string; type: string; showAcknowledgeBtn: boolean };
  hasBehaviors: boolean;
}

/**
 * Leaves an opening's message facts where this process's dispatch finds them right after commit:
 * all of them are the event's row as just written and its rule's columns read with it.
 */
export function rememberOpening(
  freshEvents: FreshEventFacts | undefined,
  opening: RecordedPagingOpening,
): void {
  const { eventId, ruleId, signal, at, rule, hasBehaviors } = opening;
  // The actor's name would need a read of its own; an actor's opening is rare, its send reads it.
  if (!freshEvents || signal.actorId) return;
  freshEvents.remember(eventId, {
    rule_id: ruleId,
    episode_id: eventId,
    kind: signal.kind,
    state: signal.state,
    rule_state: rule.state,
    alertname: signal.alertname,
    instance: signal.instance,
    description: signal.description ?? null,
    summary: signal.summary ?? null,
    labels: signal.labels ?? null,
    created_at: at,
    rule_name: rule.name,
    rule_type: rule.type,
    show_acknowledge_btn: rule.showAcknowledgeBtn,
    has_behavior_rules: hasBehaviors,
    actor_name: null,
    via_endpoint_name: null,
  });
}
