import {
  type AutoResolveInput,
  acknowledgeSignal,
  autoResolveWorkflowId,
  type DeliveryInput,
  type DispatchRequest,
  decideDispatch,
  type FlowInput,
  flowWorkflowId,
  initialDeliveryState,
  laneTaskQueue,
  type RearmSignal,
  readDispatchFacts,
  rearmSignal,
  resolveSignal,
  unconfiguredError,
} from '@oncall/workflows';
import { WorkflowExecutionAlreadyStartedError, WorkflowNotFoundError } from '@temporalio/common';
import type { GroupedDispatch } from '../driver/grouped-dispatch';
import type { RetryPolicies } from '../driver/retry-policies';
import type { NotificationRoutes } from '../ports/notification-routes';
import type { OutboxJob } from './outbox-job';
import type { WorkflowClientLike } from './workflow-client-like';

export interface WorkflowStartsDeps {
  readonly client: WorkflowClientLike;
  readonly taskQueue: string;
  readonly routes: NotificationRoutes;
  readonly policies: RetryPolicies;
  /** The `notify` requests of an alert event seen so far, with whether each was started. */
  readonly notifiesOf: (alertEventId: string) => Promise<Array<{ endpointId: string; completed: boolean }>>;
  /**
   * Grouped notifications (docs/grouping.md): a delivery of an opening or resolve of a rule that
   * groups goes through its window, which queues what it sends back into the outbox. Absent: every
   * event pages on its own.
   */
  readonly grouping?: GroupedDispatch | null;
}

/**
 * Carries out one outbox job on Temporal. An endpoint's delivery starts on its lane's task queue
 * (`laneTaskQueue`: chat and email apart from pages). Workflow ids are the business keys, started with
 * `USE_EXISTING` (a running one is reused) and `REJECT_DUPLICATE` (a finished one is not run again),
 * so a job replayed after a crash never pages twice. A follow-up (resolve, acknowledge) sent to a
 * flow endpoint starts no flow but a delivery to each step endpoint its episode paged. Stopping an
 * event's escalations signals the flow of every endpoint notified for it; endpoints that are not
 * flows, or flows already finished, have no running workflow and are skipped. A fire of an auto-resolving instance signals `rearm`
 * with `signalWithStart`: the first fire (or the first after the timer finished) starts
 * `autoResolveWorkflow`, later ones move its deadline.
 */
export function createWorkflowStarts(deps: WorkflowStartsDeps) {
  const start = async (
    workflowType: 'deliveryWorkflow' | 'flowWorkflow',
    workflowId: string,
    input: DeliveryInput | FlowInput,
    taskQueue = deps.taskQueue,
  ) => {
    try {
      await deps.client.start(workflowType, {
        workflowId,
        taskQueue,
        args: [input],
        workflowIdReusePolicy: 'REJECT_DUPLICATE',
        workflowIdConflictPolicy: 'USE_EXISTING',
      });
    } catch (error) {
      if (!(error instanceof WorkflowExecutionAlreadyStartedError)) throw error;
    }
  };

  // Carries out `decideDispatch`: a delivery on its lane's task queue, a flow on the base one, a
  // follow-up's notifies one by one (each under the direct notify's workflow id).
  const dispatch = async (request: DispatchRequest, grouped = false): Promise<void> => {
    const command = decideDispatch(await readDispatchFacts(request, deps.routes));
    switch (command.type) {
      case 'deliver':
        // A rule that groups decides the event in its window, which queues what it sends.
        if (
          grouped &&
          request.type === 'notify' &&
          (await deps.grouping?.dispatch(request.alertEventId, request.endpointId, command))
        ) {
          return;
        }
        await start(
          'deliveryWorkflow',
          command.key,
          command.input,
          laneTaskQueue(deps.taskQueue, command.lane),
        );
        return;
      case 'startFlow':
        await start('flowWorkflow', command.key, command.input);
        return;
      case 'notifyEach': {
        const { alertEventId, targets } = command;
        await Promise.all(
          targets.map(({ endpointId }) =>
            dispatch({ type: 'notify', alertEventId, endpointId, policy: deps.policies.alert }),
          ),
        );
        return;
      }
      case 'fail':
        throw unconfiguredError(command.unconfigured, command.target);
      case 'drop':
        return;
    }
  };

  return async function carryOut(job: OutboxJob): Promise<void> {
    switch (job.type) {
      case 'otp':
        await dispatch({ ...job, policy: deps.policies.otp });
        return;
      case 'notify': {
        const { alertEventId, endpointId } = job;
        await dispatch(
          { type: 'notify', alertEventId, endpointId, policy: deps.policies.alert },
          !job.decided,
        );
        return;
      }
      case 'notice':
        await dispatch({ ...job, policy: deps.policies.alert });
        return;
      case 'group': {
        // Like a notify's delivery, under the message's own key; a flow endpoint is not grouped here.
        const route = await deps.routes.routeOf(job.endpointId);
        if (route === null || route.kind === 'flow') return;
        if (route.kind === 'unconfigured') throw unconfiguredError(route.providerKind, job.endpointId);
        const { key, alertEventId, endpointId, carried } = job;
        const input: DeliveryInput = {
          notification: { kind: 'alert', alertEventId, endpointId, carried },
          state: initialDeliveryState({ baseKey: key, chain: route.chain, policy: deps.policies.alert }),
        };
        await start('deliveryWorkflow', key, input, laneTaskQueue(deps.taskQueue, route.lane));
        return;
      }
      case 'stop': {
        const notified = await deps.notifiesOf(job.alertEventId);
        // A flow whose start is still queued would miss the signal: try again once it has started.
        if (notified.some((entry) => !entry.completed)) {
          throw new Error(`Escalations of ${job.alertEventId} are still being started; stopping them later`);
        }
        const signal = job.reason === 'acknowledged' ? acknowledgeSignal.name : resolveSignal.name;
        for (const { endpointId } of notified) {
          try {
            await deps.client.getHandle(flowWorkflowId(job.alertEventId, endpointId)).signal(signal);
          } catch (error) {
            if (!(error instanceof WorkflowNotFoundError)) throw error;
          }
        }
        return;
      }
      case 'autoResolve': {
        const input: AutoResolveInput = {
          arm: {
            ruleId: job.ruleId,
            instance: job.fingerprint,
            autoResolveMinutes: job.autoResolveMinutes,
            firedAt: job.firedAt,
          },
        };
        const rearm: RearmSignal = { firedAt: job.firedAt };
        await deps.client.signalWithStart('autoResolveWorkflow', {
          workflowId: autoResolveWorkflowId(job.ruleId, job.fingerprint),
          taskQueue: deps.taskQueue,
          args: [input],
          signal: rearmSignal.name,
          signalArgs: [rearm],
          // One id per instance across episodes: a finished timer is started afresh by the next fire.
          workflowIdReusePolicy: 'ALLOW_DUPLICATE',
        });
        return;
      }
    }
  };
}
