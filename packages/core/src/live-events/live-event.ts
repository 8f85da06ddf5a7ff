import type { AlertEventKind } from '../entities/alert-event.entity';
import type { AlertState } from '../entities/alert-rule.entity';
import type { DeliveryAttemptOutcome } from '../entities/delivery-attempt.entity';

/** What an alert event and a delivery attempt both say about the alert they belong to. */
interface LiveEventBase {
  /** The event's place in commit order; a reconnecting client resumes after it (`lastEventId`). */
  id: string;
  ruleId: string;
  instanceId: string | null;
  episodeId: string | null;
  /** The alert event's kind (fired, resolved, acknowledged…); for a delivery, its event's. */
  change: AlertEventKind;
  /** The instance's state after the alert event. */
  state: AlertState | null;
  /** The rule's state after the alert event. */
  ruleState: AlertState;
  /** ISO 8601. */
  at: string;
}

/** A state change of an alert. */
export interface AlertLiveEvent extends LiveEventBase {
  kind: 'alert';
}

/** The outcome of one attempt to deliver an alert event to an endpoint. */
export interface DeliveryLiveEvent extends LiveEventBase {
  kind: 'delivery';
  alertEventId: string;
  endpointId: string | null;
  outcome: DeliveryAttemptOutcome;
  attempt: number;
  latencyMs: number | null;
}

export type LiveEvent = AlertLiveEvent | DeliveryLiveEvent;
