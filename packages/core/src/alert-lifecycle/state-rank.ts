import { ALERT_STATES, type AlertState } from '../entities/index';

/** Worst first, as the contract orders the timeline: critical > warning > resolved > unknown. */
const RANK: Record<AlertState, number> = { critical: 4, warning: 3, triggered: 2, resolved: 1, unknown: 0 };

export function stateRank(state: AlertState): number {
  return RANK[state];
}

export function isFiring(state: AlertState): boolean {
  return state === 'critical' || state === 'warning';
}

/** Every state at least as bad as `state`, for conditions such as `rule.state in (…)`. */
export function statesAtLeast(state: AlertState): AlertState[] {
  return ALERT_STATES.filter((s) => RANK[s] >= RANK[state]);
}

export function worstOf(states: readonly AlertState[]): AlertState {
  return states.reduce<AlertState>((worst, s) => (RANK[s] > RANK[worst] ? s : worst), 'unknown');
}
