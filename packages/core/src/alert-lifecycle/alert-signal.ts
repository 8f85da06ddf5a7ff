import type { AlertEventKind, AlertState } from '../entities/index';

/** A firing or resolving state of an alert instance; `triggered` is a notification-only event. */
export type SignalState = Exclude<AlertState, 'unknown'>;

/**
 * What a source says about one alert instance, in the service's own terms. API alerts identify an
 * instance by alertname + instance, webhook sources by their fingerprint.
 *
 * @example
 * const fire: AlertSignal = { fingerprint: apiFingerprint('db down', 'db-1'), alertname: 'db down',
 *   instance: 'db-1', state: 'critical', kind: 'fired', description: 'primary unreachable' };
 */
export interface AlertSignal {
  fingerprint: string;
  alertname: string | null;
  instance: string;
  state: SignalState;
  kind: AlertEventKind;
  description?: string | null;
  summary?: string | null;
  labels?: Record<string, string> | null;
  details?: Record<string, unknown> | null;
  payload?: Record<string, unknown> | null;
  actorId?: string | null;
  /**
   * A fire that says when it ends unless sent again (the `endsAt` of an alert posted as
   * Alertmanager's API takes it): the instance resolves itself then, by the engine's durable
   * auto-resolve timer. Absent: it fires until resolved (or its rule's `autoResolveMinutes`).
   */
  expiresAt?: Date | null;
}

/**
 * What applying a signal did. `opened` started a new episode (and paged); `changed` moved a firing
 * instance between warning and critical; `repeated` was a duplicate of the current state.
 */
export type SignalOutcome =
  | { type: 'opened'; eventId: string }
  | { type: 'changed'; eventId: string }
  | { type: 'repeated' }
  | { type: 'resolved'; eventId: string }
  | { type: 'alreadyResolved' }
  | { type: 'unknownInstance' }
  | { type: 'triggered'; eventId: string };
