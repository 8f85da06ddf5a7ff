import { initialDeliveryState, initialFlowState, notifyWorkflowId, otpDelivery } from '@oncall/workflows';
import { jobIdFor } from '../boss/job-id';
import type { JobQueue } from '../boss/job-queue';
import { LANE_QUEUES, QUEUES } from '../driver/queues';
import type { RetryPolicies } from '../driver/retry-policies';
import { unconfiguredError } from '../driver/unconfigured-error';
import type { NotificationRoutes } from '../ports/notification-routes';
import type { DeliveryRunner } from './delivery-runner';
import type { FlowRunner } from './flow-runner';
import type { DeliveryJob, DispatchJob } from './jobs';

export interface DispatcherDeps {
  readonly routes: NotificationRoutes;
  readonly deliveries: DeliveryRunner;
  readonly flows: FlowRunner;
  readonly policies: RetryPolicies;
  readonly queue: JobQueue;
}

/**
 * Routes what the core asked for when it runs (not when it was asked: provider configs and flows
 * are read fresh) and runs the first step of a page in the same handler, saving a queue hop: a flow
 * endpoint starts its flow, an sms or call endpoint starts its delivery, an OTP starts a delivery
 * through its channel's provider configs. An email or chat endpoint's delivery goes on to its
 * lane's queue instead (counted against the endpoint's owner there): those targets may hang until
 * the attempt timeout, and this queue's workers are the pages'. A follow-up (resolve, acknowledge) sent to a flow runs no flow: it is
 * news only to the step endpoints the episode paged, and news now, so it becomes one notify of each
 * of them, under the id a direct notify has: an endpoint also attached directly, or in two flows,
 * hears it once, and a replayed dispatch queues nothing twice.
 */
export function createDispatcher(deps: DispatcherDeps) {
  return async function dispatch(job: DispatchJob, replay: boolean): Promise<void> {
    if (job.type === 'otp') {
      const chain = await deps.routes.chainForKind(job.channel);
      if (chain === null) throw unconfiguredError(job.channel, `OTP ${job.otpId}`);
      const input = otpDelivery({ otpId: job.otpId, channel: job.channel, chain, policy: deps.policies.otp });
      // Every OTP is a page: someone is waiting for the code, whatever its channel.
      await deps.deliveries(input, { type: 'started' }, { replay, lane: 'page' });
      return;
    }
    const { alertEventId, endpointId } = job;
    const route = await deps.routes.routeOf(endpointId);
    // A deleted endpoint has nobody left to page.
    if (route === null) return;
    if (route.kind === 'unconfigured') throw unconfiguredError(route.providerKind, endpointId);
    if (route.kind === 'flow') {
      const followUp = await deps.routes.followUpTargets(alertEventId, endpointId);
      if (followUp !== null) {
        await Promise.all(
          followUp.map((target) => {
            const notify: DispatchJob = { type: 'notify', alertEventId, endpointId: target };
            return deps.queue.send(QUEUES.dispatch, notify, {
              id: jobIdFor(notifyWorkflowId(alertEventId, target)),
            });
          }),
        );
        return;
      }
      const input = {
        alertEventId,
        flowEndpointId: endpointId,
        state: initialFlowState(route.steps),
        retryPolicy: deps.policies.alert,
      };
      await deps.flows(input, { type: 'started' });
      return;
    }
    const baseKey = notifyWorkflowId(alertEventId, endpointId);
    const input = {
      notification: { kind: 'alert', alertEventId, endpointId },
      state: initialDeliveryState({ baseKey, chain: route.chain, policy: deps.policies.alert }),
    } as const;
    if (route.lane === 'page') {
      await deps.deliveries(input, { type: 'started' }, { replay, lane: 'page' });
      return;
    }
    const delivery: DeliveryJob = { input };
    await deps.queue.send(LANE_QUEUES[route.lane], delivery, { id: jobIdFor(baseKey), group: route.ownerId });
  };
}
