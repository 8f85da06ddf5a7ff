import {
  ActivityFailure,
  ApplicationFailure,
  condition,
  continueAsNew,
  ParentClosePolicy,
  patched,
  proxyActivities,
  setHandler,
  sleep,
  startChild,
  TemporalFailure,
  workflowInfo,
} from '@temporalio/workflow';
import { decideAutoResolve } from '../autoresolve/decide';
import { initialAutoResolveState } from '../autoresolve/initial-state';
import type {
  AutoResolveEvent,
  AutoResolveOutcome,
  AutoResolveState,
  AutoResolveSubject,
} from '../autoresolve/types';
import { decideDelivery } from '../delivery/decide';
import { initialDeliveryState } from '../delivery/initial-state';
import type { DeliveryCommand, DeliveryEvent, DeliveryInput, DeliveryOutcome } from '../delivery/types';
import type { DelayedPage } from '../dispatch/route-people-step';
import { decideFlow } from '../flow/decide';
import type { FlowCommand, FlowEvent, FlowInput, FlowOutcome } from '../flow/types';
import { notifyWorkflowId } from '../ids';
import type { Notification } from '../notification';
import type { SendRequest } from '../ports';
import type { Activities } from './activities';
import { drive } from './drive';
import { LANE_BUSY_FAILURE_TYPE, laneBusyWaitMs } from './lane-busy';
import { laneTaskQueue } from './lane-task-queues';
import { deferredWaitMs, SEND_DEFERRED_FAILURE_TYPE } from './send-deferred';
import { readSendFailureDetails, sendFailureKind } from './send-failure';
import { acknowledgeSignal, cancelSignal, rearmSignal, resolveSignal } from './signals';

// The delivery decider owns retries and backoff; Temporal retrying a send too would multiply pages.
const { sendNotification } = proxyActivities<Activities>({
  startToCloseTimeout: '1 minute',
  retry: { maximumAttempts: 1 },
});

// Bookkeeping activities are idempotent (see the ports), so Temporal may retry them until they land;
// routing a step's endpoint keeps failing, and being retried, while its kind has no provider config.
const {
  recordDeliveryAttempt,
  reportUndeliverable,
  resolveProviderChains,
  routeFlowStep,
  routePeopleStep,
  routePeopleStepHeld,
  resolveInstance,
} = proxyActivities<Activities>({
  startToCloseTimeout: '30 seconds',
  retry: { maximumInterval: '1 minute' },
});

/**
 * Delivers one notification to one endpoint through its provider chain.
 * Workflow id: `notifyWorkflowId(alertEventId, endpointId[, step])` or `otpWorkflowId(otpId)`.
 * Signal `cancel` stops it.
 */
export async function deliveryWorkflow(input: DeliveryInput): Promise<DeliveryOutcome> {
  const inbox: DeliveryEvent[] = [{ type: 'started' }];
  setHandler(cancelSignal, () => {
    inbox.push({ type: 'cancelled' });
  });
  return drive({
    decide: decideDelivery,
    state: input.state,
    inbox,
    execute: async (command, effects) => {
      switch (command.type) {
        case 'send':
          effects.emit(await attempt(input.notification, command));
          return undefined;
        case 'record':
          await recordDeliveryAttempt({ notification: input.notification, record: command.record });
          return undefined;
        case 'wait':
          effects.startTimer({
            atMs: Date.now() + command.ms,
            fire: () => ({ type: 'timerFired', timerId: command.timerId }),
          });
          return undefined;
        case 'finish':
          // Every provider config failed: the owner hears of it elsewhere. Behind a patch, so
          // deliveries that finished before it replay without the new activity.
          if (
            command.outcome === 'failed' &&
            input.notification.kind === 'alert' &&
            patched(UNDELIVERABLE_REPORT_PATCH)
          ) {
            await reportUndeliverable({
              alertEventId: input.notification.alertEventId,
              endpointId: input.notification.endpointId,
            });
          }
          return { result: command.outcome };
      }
    },
  });
}

const UNDELIVERABLE_REPORT_PATCH = 'report-undeliverable-pages';

/** What `sendOnce` answers for a send the worker refused as lane busy (nothing sent). */
const LANE_BUSY = Symbol('lane busy');

/** What `sendOnce` answers for a send the sender deferred (paced, or the vendor's `429`). */
interface Deferred {
  readonly deferredMs: number;
}

/**
 * One attempt of the decider's: sent once the worker has a slot of the send's lane shares. A
 * refusal (lane busy) or a deferral (the destination's pacing, the vendor's `429`) sent nothing and is
 * no attempt: no result for the decider and no record, only a wait before the same request (same
 * attempt, same idempotency key) is asked again. A cancel arriving
 * meanwhile takes effect once the attempt has a result, as for a send in flight.
 */
async function attempt(
  notification: Notification,
  command: Extract<DeliveryCommand, { type: 'send' }>,
): Promise<DeliveryEvent> {
  const request: SendRequest = {
    notification,
    providerConfigId: command.providerConfigId,
    attempt: command.attempt,
    idempotencyKey: command.idempotencyKey,
  };
  let refusals = 0;
  for (;;) {
    const result = await sendOnce(request);
    if (result === LANE_BUSY) {
      // Math.random is seeded per execution by Temporal, so the wait replays identically.
      await sleep(laneBusyWaitMs(refusals, Math.random()));
      refusals += 1;
    } else if ('deferredMs' in result) {
      // The pacing or the vendor named the wait; the same request goes again after it.
      await sleep(result.deferredMs);
    } else {
      return result;
    }
  }
}

async function sendOnce(request: SendRequest): Promise<DeliveryEvent | typeof LANE_BUSY | Deferred> {
  const { idempotencyKey } = request;
  try {
    const { latencyMs } = await sendNotification(request);
    return { type: 'attemptSucceeded', idempotencyKey, latencyMs };
  } catch (error) {
    // Anything but a failed activity (a cancelled workflow, a bug) is not a send result.
    if (!(error instanceof ActivityFailure)) throw error;
    const cause = error.cause;
    if (cause instanceof ApplicationFailure && cause.type === LANE_BUSY_FAILURE_TYPE) return LANE_BUSY;
    if (cause instanceof ApplicationFailure && cause.type === SEND_DEFERRED_FAILURE_TYPE) {
      return { deferredMs: deferredWaitMs(cause.details) };
    }
    // Math.random is seeded per execution by Temporal, so the jitter replays identically.
    const jitter = Math.random();
    if (cause instanceof ApplicationFailure) {
      return {
        type: 'attemptFailed',
        idempotencyKey,
        kind: sendFailureKind(cause.type),
        message: cause.message,
        jitter,
        ...readSendFailureDetails(cause.details),
      };
    }
    // Timeouts and lost workers: the provider may be slow, try again.
    return {
      type: 'attemptFailed',
      idempotencyKey,
      kind: 'transient',
      message: cause?.message ?? error.message,
      jitter,
    };
  }
}

/**
 * Runs a flow endpoint for one alert event: its steps notify endpoints (one child delivery each, on
 * the endpoint's lane), wait and repeat, until the end or until signal `acknowledge` or `resolve`.
 * Workflow id: `flowWorkflowId(alertEventId, flowEndpointId)`.
 */
export async function flowWorkflow(input: FlowInput): Promise<FlowOutcome> {
  const inbox: FlowEvent[] = [{ type: 'started' }];
  const held: HeldPages = { stopped: false, pages: [] };
  setHandler(acknowledgeSignal, () => {
    held.stopped = true;
    inbox.push({ type: 'acknowledged' });
  });
  setHandler(resolveSignal, () => {
    held.stopped = true;
    inbox.push({ type: 'resolved' });
  });
  return drive({
    decide: decideFlow,
    state: input.state,
    inbox,
    execute: async (command, effects) => {
      switch (command.type) {
        case 'notify':
          await dispatchStep(input, command.endpointIds, command.stepIndex, command.round);
          effects.emit({
            type: 'notificationsDispatched',
            stepIndex: command.stepIndex,
            round: command.round,
          });
          return undefined;
        case 'page': {
          const paged = await pagePeople(input, command, held);
          effects.emit({ type: 'peoplePaged', stepIndex: command.stepIndex, round: command.round, paged });
          return undefined;
        }
        case 'wait':
          effects.startTimer({
            atMs: Date.now() + command.ms,
            fire: () => ({ type: 'timerFired', timerId: command.timerId }),
          });
          return undefined;
        case 'finish':
          // A flow that ran to its end stays open for the pages people's rules still hold back,
          // until they are sent or the alert is acknowledged or resolved (each hold watches that).
          if (command.outcome === 'completed') await Promise.all(held.pages);
          return { result: command.outcome };
      }
    },
  });
}

/** The pages people's notification rules hold back in one flow, and whether its escalation stopped. */
interface HeldPages {
  stopped: boolean;
  readonly pages: Promise<void>[];
}

/**
 * Flows started before held pages existed replay their people steps as they ran: every page of a
 * person's rules at once. Remove that branch with `deprecatePatch` once no such flow can be running.
 */
const HELD_PAGES_PATCH = 'people-rules-held';

/**
 * A page a person's rule delays, kept in a durable timer beside the flow (its steps go on): when
 * due it is routed as an endpoint step's (`routeFlowStep`, reading the endpoint then) and started,
 * unless the flow was acknowledged or resolved first.
 */
function holdPage(page: DelayedPage, held: HeldPages): void {
  const baseTaskQueue = workflowInfo().taskQueue;
  held.pages.push(
    (async () => {
      if (await condition(() => held.stopped, page.delayMs)) return;
      const command = await routeFlowStep(page.dispatch);
      if (command.type === 'drop') return;
      await startDelivery(command.key, command.input, laneTaskQueue(baseTaskQueue, command.lane));
    })(),
  );
}

/**
 * Pages the people a step names at the workflow's now (its deterministic time, so a replay asks
 * about the same instant): one child delivery per endpoint, on its lane, those a person's rules
 * delay held in timers (`holdPage`). Returns how many it paged or holds.
 */
async function pagePeople(
  input: FlowInput,
  { step, stepIndex, round }: Extract<FlowCommand, { type: 'page' }>,
  held: HeldPages,
): Promise<number> {
  const baseTaskQueue = workflowInfo().taskQueue;
  const request = {
    alertEventId: input.alertEventId,
    flowEndpointId: input.flowEndpointId,
    step,
    stepIndex,
    // Absent in round 0, as in `dispatchStep`: a later round's deliveries get their own ids.
    ...(round === undefined ? {} : { round }),
    policy: input.retryPolicy,
    atMs: Date.now(),
  };
  if (patched(HELD_PAGES_PATCH)) {
    const { now, later } = await routePeopleStepHeld(request);
    await Promise.all(
      now.map((command) =>
        startDelivery(command.key, command.input, laneTaskQueue(baseTaskQueue, command.lane)),
      ),
    );
    for (const page of later) holdPage(page, held);
    // Held-back pages count: the person is being paged, so the waits after the step are theirs.
    return now.length + later.length;
  }
  const commands = await routePeopleStep(request);
  await Promise.all(
    commands.map((command) =>
      startDelivery(command.key, command.input, laneTaskQueue(baseTaskQueue, command.lane)),
    ),
  );
  return commands.length;
}

/**
 * Flows started before steps were routed by `decideDispatch` replay (and finish) the way they
 * started: chains only, children on the flow's task queue, endpoints without a provider config
 * skipped. Remove that branch with `deprecatePatch` once no such flow can be running.
 */
const ROUTED_STEPS_PATCH = 'flow-steps-routed';

/**
 * Starts one child delivery per endpoint of a step, each routed by `decideDispatch` as the embedded
 * driver routes it: on its lane's task queue, and an endpoint whose kind has no provider config holds
 * the step (its routing activity is retried) until one is added, while the others are paged.
 */
async function dispatchStep(
  input: FlowInput,
  endpointIds: readonly string[],
  stepIndex: number,
  round: number | undefined,
): Promise<void> {
  if (!patched(ROUTED_STEPS_PATCH)) {
    const targets = await resolveProviderChains({ endpointIds });
    await Promise.all(
      targets.map(({ endpointId, chain }) => {
        const workflowId = notifyWorkflowId(input.alertEventId, endpointId, stepIndex);
        return startDelivery(workflowId, {
          notification: { kind: 'alert', alertEventId: input.alertEventId, endpointId },
          state: initialDeliveryState({ baseKey: workflowId, chain, policy: input.retryPolicy }),
        });
      }),
    );
    return;
  }
  const baseTaskQueue = workflowInfo().taskQueue;
  await Promise.all(
    endpointIds.map(async (endpointId) => {
      const { alertEventId, retryPolicy: policy } = input;
      const command = await routeFlowStep({
        type: 'flowStep',
        alertEventId,
        endpointId,
        stepIndex,
        ...(round === undefined ? {} : { round }),
        policy,
      });
      if (command.type === 'drop') return;
      await startDelivery(command.key, command.input, laneTaskQueue(baseTaskQueue, command.lane));
    }),
  );
}

/** Without a task queue the child runs on the flow's own. */
async function startDelivery(workflowId: string, delivery: DeliveryInput, taskQueue?: string): Promise<void> {
  try {
    await startChild(deliveryWorkflow, {
      workflowId,
      ...(taskQueue === undefined ? {} : { taskQueue }),
      args: [delivery],
      // Pages already sent on their way outlive the flow: finishing the last step must not kill them.
      parentClosePolicy: ParentClosePolicy.ABANDON,
    });
  } catch (error) {
    // The business-key id already exists: this page was dispatched before, which is what we want.
    if (!(error instanceof TemporalFailure && error.name === 'WorkflowExecutionAlreadyStartedError'))
      throw error;
  }
}

/** Starts a fresh timer, or carries one across continue-as-new. */
export type AutoResolveInput =
  | { readonly arm: AutoResolveSubject & { readonly autoResolveMinutes: number; readonly firedAt: number } }
  | { readonly resume: AutoResolveState };

/**
 * Resolves one firing instance when it is not fired again within `autoResolveMinutes`. Signal
 * `rearm` moves the deadline, `resolve` cancels. Workflow id: `autoResolveWorkflowId(ruleId, instance)`.
 */
export async function autoResolveWorkflow(input: AutoResolveInput): Promise<AutoResolveOutcome> {
  // A resumed run re-checks its deadline at once: the decider then resolves or waits for the rest.
  const [state, first]: [AutoResolveState, AutoResolveEvent] =
    'arm' in input
      ? [
          initialAutoResolveState(input.arm),
          { type: 'armed', autoResolveMinutes: input.arm.autoResolveMinutes, firedAt: input.arm.firedAt },
        ]
      : [input.resume, { type: 'timerFired', now: Date.now() }];
  const inbox: AutoResolveEvent[] = [first];
  setHandler(rearmSignal, ({ firedAt }) => {
    inbox.push({ type: 'firedAgain', firedAt });
  });
  setHandler(resolveSignal, () => {
    inbox.push({ type: 'resolved' });
  });
  return drive({
    decide: decideAutoResolve,
    state,
    inbox,
    execute: async (command, effects) => {
      switch (command.type) {
        case 'wait':
          effects.startTimer({
            atMs: command.untilMs,
            fire: () => ({ type: 'timerFired', now: Date.now() }),
          });
          return undefined;
        case 'resolveInstance':
          await resolveInstance({
            ruleId: command.ruleId,
            instance: command.instance,
            description: command.description,
            lastFiredAt: command.lastFiredAt,
          });
          return undefined;
        case 'finish':
          return { result: command.outcome };
      }
    },
    // An instance fired every minute for months re-arms thousands of times; keep the history bounded.
    onIdle: async (current) => {
      if (workflowInfo().continueAsNewSuggested)
        await continueAsNew<typeof autoResolveWorkflow>({ resume: current });
    },
  });
}
