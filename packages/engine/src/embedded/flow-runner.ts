import type { Clock } from '@oncall/core';
import {
  type CarriedInstances,
  decideDispatch,
  decideFlow,
  type FlowCommand,
  type FlowEvent,
  type FlowInput,
  type FlowState,
  type FlowStepCommand,
  type FlowStepDispatch,
  flowWorkflowId,
  notifyWorkflowId,
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
import type { DeliveryJob, EscalationStopJob, FlowJob, PersonalRuleJob } from './jobs';

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
 * A page a person's notification rule delays becomes a delayed job on the flow queue too
 * (`PersonalRuleJob`), which reads the same marker when it runs (`runDelayedPage`).
 */
export function createFlowRunner(deps: FlowRunnerDeps) {
  // Each endpoint is routed by `decideDispatch`. A missing provider config fails the step, which is
  // retried (the step's other deliveries are queued once, by their ids).
  // A group flow's every message carries the group's list.
  const carryOut = async (command: FlowStepCommand, carried?: CarriedInstances): Promise<void> => {
    switch (command.type) {
      case 'deliver': {
        const { notification } = command.input;
        const input =
          carried === undefined || notification.kind !== 'alert'
            ? command.input
            : { ...command.input, notification: { ...notification, carried } };
        const job: DeliveryJob = { input };
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
        await carryOut(decideDispatch(await readDispatchFacts(request, deps.routes)), input.carried);
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
    const { now, later } = await routePeopleStep(request, deps.people, deps.routes);
    await Promise.all(now.map((command) => carryOut(command, input.carried)));
    // Queued before the step reports: a replayed step finds them by id and holds nothing back twice.
    await Promise.all(
      later.map(({ delayMs, dispatch }) => {
        const job: PersonalRuleJob = { page: dispatch };
        const key = notifyWorkflowId(
          dispatch.alertEventId,
          dispatch.endpointId,
          dispatch.stepIndex,
          dispatch.round,
        );
        return deps.queue.send(QUEUES.flow, job, { id: jobIdFor(`rule:${key}`), delayMs });
      }),
    );
    // Held-back pages count: the person is being paged, so the waits after the step are theirs.
    return now.filter((command) => command.type === 'deliver').length + later.length;
  };
  const stopped = (alertEventId: string) =>
    deps.queue.find<EscalationStopJob>(QUEUES.escalationStop, escalationStopId(alertEventId));
  // A group flow escalates while any instance it carries as firing is neither acknowledged nor
  // resolved: it stops once every one of them is (acknowledged when any was).
  const flowStopped = async (input: FlowInput): Promise<EscalationStopJob | null> => {
    const openings = input.carried?.firing.flatMap((member) => member.alertEventId ?? []) ?? [];
    if (openings.length === 0) return stopped(input.alertEventId);
    const markers = await Promise.all(openings.map(stopped));
    if (markers.some((marker) => marker === null)) return null;
    return markers.find((marker) => marker?.reason === 'acknowledged') ?? markers[0] ?? null;
  };

  /** A held-back page of a person's rule, due now: paged unless the event's escalations stopped. */
  const runDelayedPage = async (dispatch: FlowStepDispatch): Promise<void> => {
    if (await stopped(dispatch.alertEventId)) return;
    await carryOut(decideDispatch(await readDispatchFacts(dispatch, deps.routes)));
  };

  const runFlow = async (input: FlowInput, first: FlowEvent): Promise<void> => {
    const stop = await flowStopped(input);
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

  return {
    /** Runs a flow from `first` on (its start, or an acknowledgement). */
    run: runFlow,
    /** Runs a job of the flow queue: a flow's wait that ended, or a person's held-back page. */
    runJob: (job: FlowJob | PersonalRuleJob): Promise<void> =>
      'page' in job
        ? runDelayedPage(job.page)
        : runFlow(job.input, { type: 'timerFired', timerId: job.timerId }),
  };
}

export type FlowRunner = ReturnType<typeof createFlowRunner>;
