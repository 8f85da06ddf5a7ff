import type { EntityManager } from '@mikro-orm/core';
import { newId } from '../entities/index';
import { queryRows } from '../persistence/query-rows';
import type { Clock } from '../ports/clock';
import { jsonColumn } from './alert-event-values';
import type { AlertSignal, SignalOutcome } from './alert-signal';
import { isFiring, statesAtLeast } from './state-rank';

/** A repeat within this long of the last recorded fire, with nothing new to say, writes nothing. */
const REPEAT_WRITE_INTERVAL_MS = 1_000;

export interface OneStatementFireOptions {
  /**
   * Whether a new instance may be opened here: false when opening must also queue engine work (an
   * auto-resolve timer), which only the transactional path does.
   */
  mayOpen: boolean;
}

/** What an outcome of the database function means; any other answer is "take the full path". */
export type OneStatementAnswer = 'repeated' | 'opened' | null;

/**
 * One fire as the database function `apply_fire_in_one_statement` takes it, its ids and times fixed
 * when it arrived, so applying it alone or in a batch writes the same rows.
 */
export interface OneStatementFire {
  ruleId: string;
  signal: AlertSignal;
  now: Date;
  mayOpen: boolean;
  instanceId: string;
  eventId: string;
}

/**
 * The two fires that make up most ingestion traffic, each as one statement outside any explicit
 * transaction (a statement commits atomically; round trips, not rows, are what a fire costs):
 *
 * - a repeat of an instance already firing in that state: its last fire (which auto-resolve counts
 *   from) and description move, nothing else changes and nobody is paged. A burst of identical
 *   repeats writes at most once a second: a last-fire time a second old changes no timer counted in
 *   minutes, and the answer is then the snapshot's, a read;
 * - a new instance of a rule already at least as bad, that pages nobody (no endpoint attached, or
 *   every owner silenced it): the instance and its opening event are inserted, the rule row
 *   share-locked as `syncRuleState` would, so its state stands.
 *
 * Null for any other signal (resolved, notification-only): those always take the full path.
 */
export function oneStatementFire(
  clock: Clock,
  ruleId: string,
  signal: AlertSignal,
  { mayOpen }: OneStatementFireOptions,
): OneStatementFire | null {
  if (!isFiring(signal.state)) return null;
  return { ruleId, signal, now: clock.now(), mayOpen, instanceId: newId(), eventId: newId() };
}

/**
 * Applies one fire alone. Null when the database function declines it (resolved or changing
 * instance, a rule that must get worse, pages to queue, or a concurrent fire that created the
 * instance first), with nothing written: the signal then takes the full path of `applySignal`.
 */
export async function applyFireInOneStatement(
  em: EntityManager,
  fire: OneStatementFire,
): Promise<SignalOutcome | null> {
  const { signal } = fire;
  // The statements live in the database function `apply_fire_in_one_statement` (its migration says
  // why): planned once per connection, where a statement sent as text is planned on every fire.
  const [row] = await queryRows<{ outcome: OneStatementAnswer }>(
    em,
    `select apply_fire_in_one_statement(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, array[?]::text[], ?, ?) as outcome`,
    [
      fire.ruleId,
      signal.fingerprint,
      signal.state,
      signal.alertname,
      signal.instance,
      signal.description ?? null,
      signal.summary ?? null,
      jsonColumn(signal.labels),
      jsonColumn(signal.details),
      signal.kind,
      jsonColumn(signal.payload),
      fire.now,
      unchangedSince(fire),
      fire.mayOpen,
      statesAtLeast(signal.state),
      fire.instanceId,
      fire.eventId,
    ],
  );
  return outcomeOf(fire, row?.outcome ?? null);
}

/** The fire as one element of `apply_fires_in_one_statement`'s JSON array; `i` is its 1-based place. */
export function batchElement(fire: OneStatementFire, i: number): Record<string, unknown> {
  const { signal } = fire;
  return {
    i,
    rule_id: fire.ruleId,
    fingerprint: signal.fingerprint,
    state: signal.state,
    alertname: signal.alertname,
    instance: signal.instance,
    description: signal.description ?? null,
    summary: signal.summary ?? null,
    labels: signal.labels ?? null,
    details: signal.details ?? null,
    kind: signal.kind,
    payload: signal.payload ?? null,
    fired_at: fire.now,
    unchanged_since: unchangedSince(fire),
    may_open: fire.mayOpen,
    states_as_bad: statesAtLeast(signal.state),
    instance_id: fire.instanceId,
    event_id: fire.eventId,
  };
}

export function outcomeOf(fire: OneStatementFire, answer: OneStatementAnswer): SignalOutcome | null {
  if (answer === 'opened') return { type: 'opened', eventId: fire.eventId };
  if (answer === 'repeated') return { type: 'repeated' };
  return null;
}

function unchangedSince(fire: OneStatementFire): Date {
  return new Date(fire.now.getTime() - REPEAT_WRITE_INTERVAL_MS);
}
