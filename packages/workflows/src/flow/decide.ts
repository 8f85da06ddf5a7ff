import type { Decision } from '../decision';
import { stepDurationMs } from './step-duration';
import type { FlowCommand, FlowEvent, FlowOutcome, FlowState } from './types';

type FlowDecision = Decision<FlowState, FlowCommand>;

/**
 * Runs a flow's steps in order: an endpoint step notifies its endpoints, a people step (schedule,
 * user, team) pages whoever it names at that moment, a wait step waits, a repeat step goes back to
 * its `fromStep` while rounds remain, and the flow completes after the last step. A people step that
 * reaches nobody skips the waits after it. Acknowledge or resolve stops it at any point, a wait
 * included; events after finish, duplicates and stale reports or timers (of this round or an earlier
 * one) change nothing.
 *
 * @example
 * const state = initialFlowState([{ type: 'wait', duration: 30, timeUnit: 's' }, { type: 'endpoint', endpointIds: ['ep_sms'] }]);
 * decideFlow(state, { type: 'started' });
 * // commands: [{ type: 'wait', ms: 30000, timerId: 'step:0' }]
 */
export function decideFlow(state: FlowState, event: FlowEvent): FlowDecision {
  if (state.phase === 'finished') return unchanged(state);
  switch (event.type) {
    case 'started':
      return state.phase === 'idle' ? runStep(state, 0) : unchanged(state);
    case 'notificationsDispatched':
      return state.phase === 'notifying' &&
        event.stepIndex === state.stepIndex &&
        (event.round ?? 0) === roundOf(state)
        ? runStep(state, state.stepIndex + 1)
        : unchanged(state);
    case 'peoplePaged':
      if (
        state.phase !== 'notifying' ||
        event.stepIndex !== state.stepIndex ||
        (event.round ?? 0) !== roundOf(state)
      ) {
        return unchanged(state);
      }
      // Nobody reached: the waits that follow were time for them to answer, so the next paging step runs now.
      return runStep(state, event.paged > 0 ? state.stepIndex + 1 : afterWaits(state, state.stepIndex + 1));
    case 'timerFired':
      return state.phase === 'waiting' && event.timerId === flowTimerId(state.stepIndex, roundOf(state))
        ? runStep(state, state.stepIndex + 1)
        : unchanged(state);
    case 'acknowledged':
      return finish(state, 'acknowledged');
    case 'resolved':
      return finish(state, 'resolved');
  }
}

function runStep(state: FlowState, stepIndex: number): FlowDecision {
  const step = state.steps[stepIndex];
  if (step === undefined) return finish({ ...state, stepIndex }, 'completed');
  const round = roundOf(state);
  switch (step.type) {
    case 'endpoint': {
      // A step listing an endpoint twice still pages it once.
      const endpointIds = [...new Set(step.endpointIds)];
      return {
        state: { ...state, phase: 'notifying', stepIndex },
        commands: [{ type: 'notify', endpointIds, stepIndex, ...(round === 0 ? {} : { round }) }],
      };
    }
    case 'wait':
      return {
        state: { ...state, phase: 'waiting', stepIndex },
        commands: [{ type: 'wait', ms: stepDurationMs(step), timerId: flowTimerId(stepIndex, round) }],
      };
    case 'repeat': {
      const fromStep = step.fromStep ?? 0;
      // Only a jump backwards repeats: a malformed target would loop or skip, so it ends the flow.
      if (round >= step.rounds || fromStep >= stepIndex) return finish({ ...state, stepIndex }, 'completed');
      return runStep({ ...state, round: round + 1 }, fromStep);
    }
    default:
      return {
        state: { ...state, phase: 'notifying', stepIndex },
        commands: [{ type: 'page', step, stepIndex, ...(round === 0 ? {} : { round }) }],
      };
  }
}

function roundOf(state: FlowState): number {
  return state.round ?? 0;
}

function afterWaits(state: FlowState, stepIndex: number): number {
  let next = stepIndex;
  while (state.steps[next]?.type === 'wait') next += 1;
  return next;
}

function finish(state: FlowState, outcome: FlowOutcome): FlowDecision {
  return { state: { ...state, phase: 'finished', outcome }, commands: [{ type: 'finish', outcome }] };
}

function unchanged(state: FlowState): FlowDecision {
  return { state, commands: [] };
}

/** Round 0 keeps the ids of flows started before repeats existed. */
function flowTimerId(stepIndex: number, round: number): string {
  return round === 0 ? `step:${stepIndex}` : `step:${stepIndex}:round:${round}`;
}
