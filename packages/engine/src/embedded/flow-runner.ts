import {
  decideDispatch,
  decideFlow,
  type FlowCommand,
  type FlowEvent,
  type FlowInput,
  type FlowState,
  flowWorkflowId,
  readDispatchFacts,
  unconfiguredError,
} from '@oncall/workflows';
import { jobIdFor } from '../boss/job-id';
import type { JobQueue } from '../boss/job-queue';
import { LANE_QUEUES, QUEUES } from '../driver/queues';
import type { NotificationRoutes } from '../ports/notification-routes';
import { escalationStopId } from './escalation-stop-id';
import type { DeliveryJob, EscalationStopJob, FlowJob } from './jobs';

export interface FlowRunnerDeps {
  readonly queue: JobQueue;
  readonly routes: NotificationRoutes;
}

/**
 * The embedded flow driver: feeds an event to `decideFlow` and carries out its commands. A notify
 * step queues one delivery job per endpoint on the endpoint's lane (ids from
 * `notifyWorkflowId(event, endpoint, step, round)`, so a replayed step pages nobody twice); a wait
 * becomes a delayed continuation job, its id naming the round's timer. Before every step
 * it reads the alert event's stop marker: an acknowledged or resolved event's flow finishes there.
 */
export function createFlowRunner(deps: FlowRunnerDeps) {
  // Each endpoint is routed by `decideDispatch`. A missing provider config fails the step, which is
  // retried (the step's other deliveries are queued once, by their ids).
  const dispatchStep = async (input: FlowInput, command: Extract<FlowCommand, { type: 'notify' }>) => {
    const { alertEventId, retryPolicy: policy } = input;
    const { stepIndex, round } = command;
    await Promise.all(
      command.endpointIds.map(async (endpointId) => {
        const request = { type: 'flowStep', alertEventId, endpointId, stepIndex, round, policy } as const;
        const command = decideDispatch(await readDispatchFacts(request, deps.routes));
        switch (command.type) {
          case 'deliver': {
            const job: DeliveryJob = { input: command.input };
            await deps.queue.send(LANE_QUEUES[command.lane], job, {
              id: jobIdFor(command.key),
              group: command.ownerId,
            });
            return;
          }
          case 'fail':
            throw unconfiguredError(command.unconfigured, command.target);
          case 'drop':
            return;
        }
      }),
    );
  };

  return async function runFlow(input: FlowInput, first: FlowEvent): Promise<void> {
    const stop = await deps.queue.find<EscalationStopJob>(
      QUEUES.escalationStop,
      escalationStopId(input.alertEventId),
    );
    let state: FlowState = input.state;
    const inbox: FlowEvent[] = [stop ? { type: stop.reason } : first];
    for (let event = inbox.shift(); event !== undefined; event = inbox.shift()) {
      const decision = decideFlow(state, event);
      state = decision.state;
      for (const command of decision.commands) {
        switch (command.type) {
          case 'notify':
            await dispatchStep(input, command);
            inbox.push({
              type: 'notificationsDispatched',
              stepIndex: command.stepIndex,
              round: command.round,
            });
            break;
          case 'wait': {
            const job: FlowJob = { input: { ...input, state }, timerId: command.timerId };
            const flowId = flowWorkflowId(input.alertEventId, input.flowEndpointId);
            await deps.queue.send(QUEUES.flow, job, {
              id: jobIdFor(`${flowId}:${command.timerId}`),
              delayMs: command.ms,
            });
            break;
          }
          case 'finish':
            return;
        }
      }
    }
  };
}

export type FlowRunner = ReturnType<typeof createFlowRunner>;
