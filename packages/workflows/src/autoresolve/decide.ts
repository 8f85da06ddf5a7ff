import type { Decision } from '../decision';
import {
  AUTO_RESOLVE_DESCRIPTION,
  type AutoResolveCommand,
  type AutoResolveEvent,
  type AutoResolveOutcome,
  type AutoResolveState,
} from './types';

type AutoResolveDecision = Decision<AutoResolveState, AutoResolveCommand>;
type Armed = Extract<AutoResolveState, { phase: 'armed' }>;

const MS_PER_MINUTE = 60_000;

/**
 * Resolves a firing instance that was not fired again within `autoResolveMinutes`: every fire moves
 * the deadline, a resolve cancels, and a timer only resolves once the deadline has really passed.
 *
 * @example
 * let { state, commands } = decideAutoResolve(initialAutoResolveState({ ruleId: 'r', instance: 'i' }), {
 *   type: 'armed', autoResolveMinutes: 10, firedAt: 0,
 * });
 * // commands: [{ type: 'wait', untilMs: 600000 }]
 * ({ state, commands } = decideAutoResolve(state, { type: 'firedAgain', firedAt: 300_000 }));
 * // commands: [{ type: 'wait', untilMs: 900000 }]
 * ({ state, commands } = decideAutoResolve(state, { type: 'timerFired', now: 600_000 })); // the first timer, stale
 * // commands: [{ type: 'wait', untilMs: 900000 }]
 */
export function decideAutoResolve(state: AutoResolveState, event: AutoResolveEvent): AutoResolveDecision {
  if (state.phase === 'finished') return unchanged(state);
  switch (event.type) {
    case 'armed':
      if (state.phase !== 'idle') return unchanged(state);
      return arm({
        ...state,
        phase: 'armed',
        autoResolveMinutes: event.autoResolveMinutes,
        deadlineMs: deadlineOf(event.firedAt, event.autoResolveMinutes),
      });
    case 'firedAgain': {
      if (state.phase !== 'armed') return unchanged(state);
      const deadlineMs = deadlineOf(event.firedAt, state.autoResolveMinutes);
      // A fire reported late (older than the one that set the deadline) must not shorten it.
      return deadlineMs > state.deadlineMs ? arm({ ...state, deadlineMs }) : unchanged(state);
    }
    case 'resolved':
      return finish(state, 'cancelled', []);
    case 'timerFired':
      if (state.phase !== 'armed') return unchanged(state);
      // A timer started before a re-arm fires early for the new deadline: wait for the rest of it.
      if (event.now < state.deadlineMs) return arm(state);
      return finish(state, 'autoResolved', [
        {
          type: 'resolveInstance',
          ruleId: state.ruleId,
          instance: state.instance,
          description: AUTO_RESOLVE_DESCRIPTION,
          lastFiredAt: state.deadlineMs - state.autoResolveMinutes * MS_PER_MINUTE,
        },
      ]);
  }
}

function arm(state: Armed): AutoResolveDecision {
  return { state, commands: [{ type: 'wait', untilMs: state.deadlineMs }] };
}

function finish(
  state: AutoResolveState,
  outcome: AutoResolveOutcome,
  before: AutoResolveCommand[],
): AutoResolveDecision {
  return {
    state: { phase: 'finished', ruleId: state.ruleId, instance: state.instance, outcome },
    commands: [...before, { type: 'finish', outcome }],
  };
}

function unchanged(state: AutoResolveState): AutoResolveDecision {
  return { state, commands: [] };
}

function deadlineOf(firedAt: number, autoResolveMinutes: number): number {
  return firedAt + autoResolveMinutes * MS_PER_MINUTE;
}
