import type { EntityManager } from '@mikro-orm/core';
import { newId } from '../entities/index';
import { queryRows } from '../persistence/query-rows';
import type { Clock } from '../ports/clock';
import { jsonColumn } from './alert-event-values';
import type { AlertSignal, SignalOutcome } from './alert-signal';
import { isFiring, statesAtLeast } from './state-rank';

/** A repeat within this long of the last recorded fire, with nothing new to say, writes nothing. */
const REPEAT_WRITE_INTERVAL_MS = 1_000;

export interface OneStatementFire {
  /**
   * Whether a new instance may be opened here: false when opening must also queue engine work (an
   * auto-resolve timer), which only the transactional path does.
   */
  mayOpen: boolean;
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
 * Null when the fire is neither (resolved or changing instance, a rule that must get worse, pages to
 * queue, or a concurrent fire that created the instance first), with nothing written: the signal then
 * takes the full path of `applySignal`.
 */
export async function applyFireInOneStatement(
  em: EntityManager,
  clock: Clock,
  ruleId: string,
  signal: AlertSignal,
  { mayOpen }: OneStatementFire,
): Promise<SignalOutcome | null> {
  if (!isFiring(signal.state)) return null;
  const now = clock.now();
  const eventId = newId();
  // The statements live in the database function `apply_fire_in_one_statement` (its migration says
  // why): planned once per connection, where a statement sent as text is planned on every fire.
  const [row] = await queryRows<{ outcome: 'repeated' | 'opened' | null }>(
    em,
    `select apply_fire_in_one_statement(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, array[?]::text[], ?, ?) as outcome`,
    [
      ruleId,
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
      now,
      new Date(now.getTime() - REPEAT_WRITE_INTERVAL_MS),
      mayOpen,
      statesAtLeast(signal.state),
      newId(),
      eventId,
    ],
  );
  if (row?.outcome === 'opened') return { type: 'opened', eventId };
  if (row?.outcome === 'repeated') return { type: 'repeated' };
  return null;
}
