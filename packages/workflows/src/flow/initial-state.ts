import type { FlowState, FlowStep } from './types';

/**
 * The state a flow starts from; feed it `{ type: 'started' }` to run the first step.
 *
 * @example
 * const state = initialFlowState([{ type: 'endpoint', endpointIds: ['ep_sms'] }]);
 */
export function initialFlowState(steps: readonly FlowStep[]): FlowState {
  return { steps, phase: 'idle', stepIndex: 0, outcome: null };
}
