import type { AlertState } from '../entities/index';

/** Worst first, as the contract orders the timeline: critical > warning > resolved > unknown. */
const RANK: Record<AlertState, number> = { critical: 4, warning: 3, triggered: 2, resolved: 1, unknown: 0 };

export function stateRank(state: AlertState): number {
  return RANK[state];
}

export function isFiring(state: AlertState): boolean {
  return state === 'critical' || state === 'warning';
}

export function worstOf(states: readonly AlertState[]): AlertState {
  return states.reduce<AlertState>((worst, s) => (RANK[s] > RANK[worst] ? s : worst), 'unknown');
}
