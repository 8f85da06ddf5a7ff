import type { Clock } from '@oncall/core';
import {
  decideDispatch,
  decideFlow,
  type FlowCommand,
  type FlowEvent,
  type FlowInput,
  type FlowState,
  type FlowStepCommand,
  flowWorkflowId,
  type OnCallPeople,
  readDispatchFacts,
  routePeopleStep,
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
  readonly people: OnCallPeople;
  /** When a people step runs: whoever is on call at this instant is paged. */
  readonly clock: Clock;
}

/**
 * The embedded flow driver: feeds an event to `decideFlow` and carries out its commands. A people
 * step asks `OnCallPeople` whom it pages now and routes each of their endpoints as a notify step's.
 * A notify step queues one delivery job per endpoint on the endpoint's lane (ids from
 * `notifyWorkflowId(event, endpoint, step, round)`, so a replayed step pages nobody twice, and a
 * repeat pages again); a wait becomes a delayed continuation job, its id naming the round's timer.
 * Before every step
 * it reads the alert event's stop marker: an acknowledged or resolved event's flow finishes there.
 */
export function createFlowRunner(deps: FlowRunnerDeps) {
  // Each endpoint is routed by `decideDispatch`. A missing provider config fails the step, which is
  // retried (the step's other deliveries are queued once, by their ids).
  const carryOut = async (command: FlowStepCommand): Promise<void> => {
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
  };
  const dispatchStep = async (input: FlowInput, command: Extract<FlowCommand, { type: 'notify' }>) => {
    const { alertEventId, retryPolicy: policy } = input;
    const { stepIndex, round } = command;
    await Promise.all(
      command.endpointIds.map(async (endpointId) => {
        const request = { type: 'flowStep', alertEventId, endpointId, stepIndex, round, policy } as const;
        await carryOut(decideDispatch(await readDispatchFacts(request, deps.routes)));
      }),
    );
  };
  // Resolved when the step runs, by the engine's clock: a hand-off during the escalation pages the
  // new person. A replayed step asks again and may page a different person than a first run that
  // died half-way; the people it already paged keep their job ids and are not paged twice.
  const pagePeople = async (
    input: FlowInput,
    { step, stepIndex, round }: Extract<FlowCommand, { type: 'page' }>,
  ): Promise<number> => {
    const request = {
      alertEventId: input.alertEventId,
      flowEndpointId: input.flowEndpointId,
      step,
      stepIndex,
      round,
      policy: input.retryPolicy,
      atMs: deps.clock.now().getTime(),
    };
    const commands = await routePeopleStep(request, deps.people, deps.routes);
    await Promise.all(commands.map(carryOut));
    return commands.filter((command) => command.type === 'deliver').length;
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
          case 'page': {
            const paged = await pagePeople(input, command);
            inbox.push({ type: 'peoplePaged', stepIndex: command.stepIndex, round: command.round, paged });
            break;
          }
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
