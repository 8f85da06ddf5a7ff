import type { FreshEventFacts } from '../notifications/fresh-event-facts';
import type { Clock } from '../ports/clock';
import type { Orchestrator } from '../ports/orchestrator';

/** What applying a signal needs beyond its transaction. */
export interface SignalDeps {
  orchestrator: Orchestrator;
  clock: Clock;
  /**
   * Where an opening that pages leaves its message facts for this process's own dispatch right
   * after commit, which then sends without reading the event back; absent, the send reads it.
   */
  freshEvents?: FreshEventFacts;
}

/** What of the rule shapes a signal beyond the instance: `api` rules may resolve idle instances. */
export interface SignalRule {
  /** Minutes without a fire after which a firing instance resolves itself; null: never. */
  autoResolveMinutes: number | null;
}

export const NO_AUTO_RESOLVE: SignalRule = { autoResolveMinutes: null };
