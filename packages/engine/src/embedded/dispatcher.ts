import {
  type DispatchRequest,
  decideDispatch,
  type FlowInput,
  initialDeliveryState,
  initialFlowState,
  readDispatchFacts,
  unconfiguredError,
} from '@oncall/workflows';
import { jobIdFor } from '../boss/job-id';
import type { JobQueue } from '../boss/job-queue';
import type { GroupedDispatch } from '../driver/grouped-dispatch';
import { LANE_QUEUES, QUEUES } from '../driver/queues';
import type { RetryPolicies } from '../driver/retry-policies';
import type { NotificationRoutes } from '../ports/notification-routes';
import type { DeliveryRunner } from './delivery-runner';
import type { FlowRunner } from './flow-runner';
import type { DeliveryJob, DispatchJob, GroupMessageJob } from './jobs';
import type { LaneHold } from './lane-admission';

export interface DispatcherDeps {
  readonly routes: NotificationRoutes;
  readonly deliveries: DeliveryRunner;
  readonly flows: FlowRunner;
  readonly policies: RetryPolicies;
  readonly queue: JobQueue;
  /** Grouped notifications; without it every event pages on its own. */
  readonly grouping?: GroupedDispatch;
  /** A slow-lane send's slots for the committing process to run it itself (`LaneAdmission.hold`). */
  readonly holdLane?: (notification: DeliveryJob['input']['notification']) => Promise<LaneHold | null>;
}

/** How a dispatch runs: again after a failure or a takeover, and where. */
export interface DispatchRun {
  /** It ran before, or took over from a process that may have sent: read the log before sending. */
  readonly replay: boolean;
  /**
   * In the process that committed it, right after the commit (`direct-dispatch.ts`), not in a
   * worker of the dispatch queue: a slow-lane send may then run here too when its shares have room.
   */
  readonly direct: boolean;
}

/**
 * Carries out `decideDispatch` for what the core asked for, when it runs (not when it was asked:
 * provider configs and flows are read fresh), and runs the first step of a page in the same
 * handler, saving a queue hop: a flow starts here, and so does a delivery on the page lane (sms,
 * call, every OTP). An email or chat delivery goes on to its lane's queue instead (counted against
 * the endpoint's owner there): those targets may hang until the attempt timeout, and this queue's
 * workers are the pages'. Run directly in the committing process, though, an email or chat delivery
 * whose shares have room runs here too, holding them (`holdLane`): the dispatch job stays its
 * backstop, and a bounded number of such sends leaves the direct runs' places to the pages. A
 * follow-up's notifies become one dispatch job each, under the id a direct
 * notify has: an endpoint also attached directly, or in two flows, hears it once, and a replayed
 * dispatch queues nothing twice. A missing provider config throws: the job is retried. An opening or
 * resolve of a rule that groups goes through its group window instead (`grouped-dispatch.ts`).
 */
export function createDispatcher(deps: DispatcherDeps) {
  const requestOf = (job: Exclude<DispatchJob, GroupMessageJob>): DispatchRequest => {
    if (job.type === 'otp') return { ...job, policy: deps.policies.otp };
    if (job.type === 'notify') {
      const { alertEventId, endpointId } = job;
      return { type: 'notify', alertEventId, endpointId, policy: deps.policies.alert };
    }
    return { ...job, policy: deps.policies.alert };
  };

  // A flow endpoint's group: gathered openings start one group flow, its base the first opening,
  // every message of it carrying the list; a group of resolves only is a follow-up, one message to
  // each step endpoint that paged about any of them.
  const sendFlowGroup = async (
    job: GroupMessageJob,
    steps: FlowInput['state']['steps'],
    { replay }: DispatchRun,
  ): Promise<void> => {
    const [base] = job.carried.firing;
    if (base?.alertEventId) {
      const input: FlowInput = {
        alertEventId: base.alertEventId,
        flowEndpointId: job.endpointId,
        state: initialFlowState(steps),
        retryPolicy: deps.policies.alert,
        carried: job.carried,
      };
      await deps.flows.run(input, { type: 'started' });
      return;
    }
    const targets = new Set<string>();
    for (const { alertEventId } of job.carried.resolved) {
      if (alertEventId === null) continue;
      for (const target of (await deps.routes.followUpTargets(alertEventId, job.endpointId)) ?? []) {
        targets.add(target);
      }
    }
    for (const target of [...targets].sort()) {
      await sendGroup({ ...job, key: `${job.key}:${target}`, endpointId: target }, { replay, direct: false });
    }
  };

  // A grouped message goes to its endpoint's lane like a notify's delivery, under its own key.
  const sendGroup = async (job: GroupMessageJob, run: DispatchRun): Promise<void> => {
    const { replay } = run;
    const route = await deps.routes.routeOf(job.endpointId);
    if (route === null) return;
    if (route.kind === 'flow') return sendFlowGroup(job, route.steps, run);
    if (route.kind === 'unconfigured') throw unconfiguredError(route.providerKind, job.endpointId);
    const { key, alertEventId, endpointId, carried } = job;
    const input = {
      notification: { kind: 'alert', alertEventId, endpointId, carried },
      state: initialDeliveryState({ baseKey: key, chain: route.chain, policy: deps.policies.alert }),
    } as const;
    if (route.lane === 'page') {
      await deps.deliveries(input, { type: 'started' }, { replay, lane: route.lane });
      return;
    }
    const delivery: DeliveryJob = replay ? { input, replay } : { input };
    await deps.queue.send(LANE_QUEUES[route.lane], delivery, { id: jobIdFor(key), group: route.ownerId });
  };

  return async function dispatch(job: DispatchJob, run: DispatchRun): Promise<void> {
    const { replay } = run;
    if (job.type === 'group') return sendGroup(job, run);
    const command = decideDispatch(await readDispatchFacts(requestOf(job), deps.routes));
    switch (command.type) {
      case 'deliver': {
        const { key, input, lane, ownerId } = command;
        // A rule that groups decides the event in its window, which queues what it sends.
        if (
          job.type === 'notify' &&
          (await deps.grouping?.dispatch(job.alertEventId, job.endpointId, command))
        ) {
          return;
        }
        if (lane === 'page') {
          await deps.deliveries(input, { type: 'started' }, { replay, lane });
          return;
        }
        const hold = run.direct ? await deps.holdLane?.(input.notification) : null;
        if (hold) {
          try {
            const group = ownerId === undefined ? {} : { group: ownerId };
            await deps.deliveries(input, { type: 'started' }, { replay, lane, ...group });
          } finally {
            hold.release();
          }
          return;
        }
        // A replayed dispatch may have sent this delivery itself before it stopped.
        const delivery: DeliveryJob = replay ? { input, replay } : { input };
        await deps.queue.sendGrouped(LANE_QUEUES[lane], delivery, { id: jobIdFor(key), group: ownerId });
        return;
      }
      case 'startFlow':
        // A flow endpoint of a rule that groups: its window decides whether this event starts its
        // own flow (queued back here as `decided`) or joins the group's.
        if (
          job.type === 'notify' &&
          !job.decided &&
          (await deps.grouping?.dispatch(job.alertEventId, job.endpointId, null))
        ) {
          return;
        }
        await deps.flows.run(command.input, { type: 'started' });
        return;
      case 'notifyEach':
        // A resolve's follow-up is gathered by the flow endpoint's window like an opening.
        if (
          job.type === 'notify' &&
          !job.decided &&
          (await deps.grouping?.dispatch(job.alertEventId, job.endpointId, null))
        ) {
          return;
        }
        await Promise.all(
          command.targets.map(({ endpointId, key }) => {
            const notify: DispatchJob = { type: 'notify', alertEventId: command.alertEventId, endpointId };
            return deps.queue.send(QUEUES.dispatch, notify, { id: jobIdFor(key) });
          }),
        );
        return;
      case 'fail':
        throw unconfiguredError(command.unconfigured, command.target);
      case 'drop':
        return;
    }
  };
}
