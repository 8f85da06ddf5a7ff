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

/** The state of a rank as `stateRank` gives it; unknown for a rank no state has. */
export function stateOfRank(rank: number): AlertState {
  return ALERT_STATES.find((s) => RANK[s] === rank) ?? 'unknown';
}

/**
 * `stateRank` in SQL over a state column, for queries that order or aggregate states.
 *
 * @example queryRows(em, `select max(${stateRankSql('e.rule_state')}) as worst from alert_events e`)
 */
export function stateRankSql(column: string): string {
  const ranked = ALERT_STATES.filter((s) => RANK[s] > 0).sort((a, b) => RANK[b] - RANK[a]);
  return `(case ${column} ${ranked.map((s) => `when '${s}' then ${RANK[s]}`).join(' ')} else 0 end)`;
}
