import type { DeliveryAttemptLog, QueueNotifies } from '@oncall/core';
import {
  type ChannelSender,
  classifySendError,
  type DeliveryCommand,
  type DeliveryEvent,
  type DeliveryInput,
  type DeliveryState,
  decideDelivery,
  inFlightSend,
  type Notification,
  SendDeferred,
} from '@oncall/workflows';
import { jobIdFor } from '../boss/job-id';
import type { JobQueue } from '../boss/job-queue';
import { LANE_QUEUES } from '../driver/queues';
import type { DeliveryLane } from '../ports/delivery-lane';
import type { EngineMetrics } from '../ports/engine-metrics';
import type { DeliveryJob } from './jobs';

export interface DeliveryRunnerDeps {
  readonly sender: ChannelSender;
  readonly attemptLog: DeliveryAttemptLog;
  readonly queue: JobQueue;
  readonly metrics: EngineMetrics;
  /** Monotonic milliseconds, for send latency. */
  readonly now: () => number;
  /** A value in [0, 1) for backoff jitter; the decider stays pure, the driver draws it. */
  readonly random: () => number;
  /** Queues notifies in a transaction: the engine's own orchestrator, for undeliverable pages' notices. */
  readonly notify?: QueueNotifies;
  /** Waking a deferred send's job when due failed; its delay still runs it, on the lane's next poll. */
  readonly onError?: (error: unknown) => void;
}

type SendCommand = Extract<DeliveryCommand, { type: 'send' }>;

/** Where a delivery runs, so that its continuations stay there. */
export interface DeliveryRun {
  /** The job ran before (its worker died, or it expired): read the log before sending. */
  readonly replay: boolean;
  readonly lane: DeliveryLane;
  /** The endpoint owner the lane counts the delivery against, if it does. */
  readonly group?: string;
  /** Deferrals of the attempt in flight so far (`DeliveryJob.deferrals`). */
  readonly deferrals?: number;
}

/** The sender deferred the send (`SendDeferred`): no attempt, ask again after `waitMs`. */
interface Deferral {
  readonly type: 'deferred';
  readonly waitMs: number;
}

/**
 * The embedded delivery driver: feeds an event to `decideDelivery` and carries out its commands
 * until the delivery finishes or waits. A send runs here and its result is fed straight back; a
 * record goes to the delivery log; a wait becomes a continuation job on the lane's delivery queue
 * (the state after the decision, delayed with `startAfter`, its id derived from the timer id so a
 * replayed handler queues it once).
 *
 * A send the sender defers (`SendDeferred`: the destination's pacing, the vendor's `429`) is no
 * attempt: the delivery leaves the worker and comes back as a job of its lane's queue after the wait,
 * which sends the attempt in flight again under the same idempotency key (`'resend'`).
 *
 * A handler can be replayed (a worker died, a job expired). Then, before sending, the log is asked
 * whether this attempt's outcome is already recorded; if so that outcome is fed instead of sending
 * again. Only an attempt the provider accepted but the log never recorded is sent a second time,
 * under the same idempotency key.
 */
export function createDeliveryRunner(deps: DeliveryRunnerDeps) {
  const attempt = async (
    notification: Notification,
    command: SendCommand,
    replay: boolean,
  ): Promise<DeliveryEvent | Deferral> => {
    const { idempotencyKey } = command;
    // A job's first run sends attempts no run has made before; only a replay can find one recorded.
    const recorded = replay ? await deps.attemptLog.recorded(idempotencyKey) : null;
    if (recorded) {
      if (recorded.outcome === 'delivered') return { type: 'attemptSucceeded', idempotencyKey };
      return {
        type: 'attemptFailed',
        idempotencyKey,
        kind: recorded.outcome,
        message: recorded.error ?? recorded.outcome,
        jitter: deps.random(),
        ...(recorded.retryAfterMs === null ? {} : { retryAfterMs: recorded.retryAfterMs }),
      };
    }
    const startedAt = deps.now();
    try {
      await deps.sender.send({
        notification,
        providerConfigId: command.providerConfigId,
        attempt: command.attempt,
        idempotencyKey,
      });
      return { type: 'attemptSucceeded', idempotencyKey, latencyMs: Math.round(deps.now() - startedAt) };
    } catch (error) {
      if (error instanceof SendDeferred) return { type: 'deferred', waitMs: error.waitMs };
      const failure = classifySendError(error);
      return {
        type: 'attemptFailed',
        idempotencyKey,
        kind: failure.kind,
        message: failure.message,
        latencyMs: Math.round(deps.now() - startedAt),
        jitter: deps.random(),
        ...(failure.retryAfterMs === undefined ? {} : { retryAfterMs: failure.retryAfterMs }),
      };
    }
  };

  // The send comes back as a job of the lane's queue after the wait, from the state it left with;
  // its id counts the deferrals, so a replayed handler queues it once.
  const defer = async (
    notification: Notification,
    state: DeliveryState,
    command: SendCommand,
    deferral: Deferral,
    run: DeliveryRun,
  ) => {
    const deferrals = (run.deferrals ?? 0) + 1;
    const job: DeliveryJob = { input: { notification, state }, deferrals };
    const queue = LANE_QUEUES[run.lane];
    const id = jobIdFor(`deferred:${command.idempotencyKey}:${deferrals}`);
    await deps.queue.send(queue, job, {
      id,
      delayMs: deferral.waitMs,
      ...(run.group === undefined ? {} : { group: run.group }),
    });
    // A delayed job runs on its lane's poll, seconds late on the slow lanes: this process wakes it
    // when due. A job already taken is left alone (`runNow`); should this process stop first, the
    // poll still runs it.
    setTimeout(() => {
      deps.queue.runNow(queue, id).catch((error: unknown) => deps.onError?.(error));
    }, deferral.waitMs).unref();
  };

  return async function runDelivery(
    input: DeliveryInput,
    first: DeliveryEvent | 'resend',
    run: DeliveryRun,
  ): Promise<void> {
    const { notification } = input;
    let state: DeliveryState = input.state;
    const inbox: DeliveryEvent[] = [];
    if (first === 'resend') {
      // A deferred send: the attempt in flight goes again as the decider issued it.
      const command = inFlightSend(state);
      if (command === null) return;
      const result = await attempt(notification, command, run.replay);
      if (result.type === 'deferred') return defer(notification, state, command, result, run);
      inbox.push(result);
    } else {
      inbox.push(first);
    }
    for (let event = inbox.shift(); event !== undefined; event = inbox.shift()) {
      const before = state;
      const decision = decideDelivery(state, event);
      state = decision.state;
      for (const command of decision.commands) {
        switch (command.type) {
          case 'send': {
            // A first attempt on another config than the one tried so far is the move to the backup.
            if (before.phase !== 'idle' && command.providerConfigId !== before.provider) {
              deps.metrics.failedOver(run.lane);
            }
            const result = await attempt(notification, command, run.replay);
            // A send is a decision's last command: nothing is left undone by stopping here.
            if (result.type === 'deferred') {
              return defer(notification, state, command, result, { ...run, deferrals: 0 });
            }
            inbox.push(result);
            break;
          }
          case 'record':
            await deps.attemptLog.append({ notification, record: command.record });
            deps.metrics.attemptRecorded(run.lane, command.record.outcome);
            break;
          case 'wait': {
            const job: DeliveryJob = { input: { notification, state }, timerId: command.timerId };
            await deps.queue.send(LANE_QUEUES[run.lane], job, {
              id: jobIdFor(`timer:${command.timerId}`),
              delayMs: command.ms,
              ...(run.group === undefined ? {} : { group: run.group }),
            });
            break;
          }
          case 'finish':
            // Every provider config failed (a cancel is no failure): the owner hears of it elsewhere.
            if (command.outcome === 'failed' && notification.kind === 'alert' && deps.notify) {
              await deps.attemptLog.undeliverable?.(notification, deps.notify);
            }
            deps.metrics.deliveryFinished(run.lane, command.outcome);
            return;
        }
      }
    }
  };
}

export type DeliveryRunner = ReturnType<typeof createDeliveryRunner>;
