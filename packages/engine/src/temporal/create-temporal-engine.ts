import { type Clock, type GroupWindowStore, systemClock } from '@oncall/core';
import type { Database } from '@oncall/db';
import { autoResolveWorkflowId, noticeWorkflowId, notifyWorkflowId, otpWorkflowId } from '@oncall/workflows';
import { jobIdFor } from '../boss/job-id';
import { type JobQueue, openJobQueue } from '../boss/job-queue';
import { DEFAULT_QUEUE_TUNING, type QueueTuning } from '../boss/queue-tuning';
import type { Engine } from '../driver/engine';
import {
  createGroupedDispatch,
  DECIDED_PRIORITY,
  type GroupedDispatch,
  type GroupSends,
  startGroupFlushes,
} from '../driver/grouped-dispatch';
import { QUEUES, type QueueName } from '../driver/queues';
import { DEFAULT_RETRY_POLICIES, type RetryPolicies } from '../driver/retry-policies';
import type { EngineMetrics } from '../ports/engine-metrics';
import type { NotificationRoutes } from '../ports/notification-routes';
import type { OutboxJob } from './outbox-job';
import type { WorkflowClientLike } from './workflow-client-like';
import { createWorkflowStarts } from './workflow-starts';

interface TemporalEngineBase {
  /** The application database: the outbox is a pg-boss queue in it. */
  readonly db: Database;
  readonly tuning?: Partial<QueueTuning>;
  readonly onError?: (error: unknown) => void;
  /** Counts the outbox's failed jobs for `/metrics` (deliveries are counted where Temporal runs them). */
  readonly metrics?: EngineMetrics;
}

/** Works the outbox: starts and signals workflows on Temporal. */
interface TemporalOutboxWorkers {
  readonly runWorkers?: true;
  readonly client: WorkflowClientLike;
  /** Must match the worker's (`TEMPORAL_TASK_QUEUE`). */
  readonly taskQueue: string;
  readonly routes: NotificationRoutes;
  readonly policies?: Partial<RetryPolicies>;
  /**
   * Group windows: given, deliveries of openings and resolves of rules that group are gathered
   * (docs/grouping.md, "On Temporal"); the windows due are flushed every second by this process.
   */
  readonly groups?: GroupWindowStore;
  /** The time group events are decided at; the system clock by default. */
  readonly clock?: Clock;
}

/**
 * `runWorkers: false`: only queue (another server process works the outbox), as `apps/worker` does
 * for the pages an auto-resolve causes.
 */
export type TemporalEngineOptions = TemporalEngineBase &
  (TemporalOutboxWorkers | { readonly runWorkers: false });

/**
 * The Temporal driver. The orchestrator writes an outbox job in the caller's transaction; the
 * outbox worker starts the workflows (delivery, flow, auto-resolve) with business-key ids, or
 * signals them (stop a flow, re-arm a timer). The workflows and their activities run in `apps/worker`.
 *
 * @example
 * const engine = createTemporalEngine({ db, client: new WorkflowClient({ connection }), taskQueue: 'oncall', routes });
 */
export function createTemporalEngine(options: TemporalEngineOptions): Engine {
  let queue: JobQueue | null = null;
  let grouping: GroupedDispatch | null = null;
  let flushTimer: NodeJS.Timeout | null = null;
  const started = () => {
    if (queue === null) throw new Error('The Temporal engine is not started');
    return queue;
  };
  const outbox = (
    tx: Parameters<Engine['orchestrator']['notify']>[0],
    job: OutboxJob,
    key: string,
    queueName: QueueName = QUEUES.temporalOutbox,
  ) => started().sendInTransaction(tx, queueName, job, { id: jobIdFor(key) });
  return {
    orchestrator: {
      sendOtp: (tx, { otpId, channel }) => outbox(tx, { type: 'otp', otpId, channel }, otpWorkflowId(otpId)),
      sendNotice: (tx, { noticeId, endpointId }) =>
        outbox(tx, { type: 'notice', noticeId, endpointId }, noticeWorkflowId(noticeId, endpointId)),
      notify: (tx, { alertEventId, endpointId }) =>
        outbox(tx, { type: 'notify', alertEventId, endpointId }, notifyWorkflowId(alertEventId, endpointId)),
      stopEscalations: (tx, { alertEventId, reason }) =>
        outbox(tx, { type: 'stop', alertEventId, reason }, `escalation-stop:${alertEventId}`),
      needsRepeatedFires: true,
      // Every fire, not only the opening one: the workflow holds the deadline and learns of fires by
      // signal. The jobs go to a queue of their own, kept a day instead of the outbox's month.
      armAutoResolve: (tx, { ruleId, fingerprint, autoResolveMinutes, firedAt }) =>
        outbox(
          tx,
          { type: 'autoResolve', ruleId, fingerprint, autoResolveMinutes, firedAt: firedAt.getTime() },
          `${autoResolveWorkflowId(ruleId, fingerprint)}:${firedAt.getTime()}`,
          QUEUES.temporalAutoResolve,
        ),
    },
    async start() {
      if (queue) return;
      const opened = await openJobQueue(options.db, {
        tuning: options.tuning,
        onError: options.onError,
        metrics: options.metrics,
      });
      queue = opened;
      if (options.runWorkers === false) return;
      grouping = options.groups
        ? createGroupedDispatch({
            groups: options.groups,
            sends: outboxGroupSends(opened),
            clock: options.clock ?? systemClock,
          })
        : null;
      const carryOut = createWorkflowStarts({
        grouping,
        client: options.client,
        taskQueue: options.taskQueue,
        routes: options.routes,
        policies: { ...DEFAULT_RETRY_POLICIES, ...options.policies },
        notifiesOf: async (alertEventId) => {
          const jobs = await opened.findMatching<OutboxJob>(QUEUES.temporalOutbox, {
            type: 'notify',
            alertEventId,
          });
          return jobs.flatMap(({ data, completed }) =>
            data.type === 'notify' ? [{ endpointId: data.endpointId, completed }] : [],
          );
        },
      });
      const tuning = { ...DEFAULT_QUEUE_TUNING, ...options.tuning };
      await opened.work<OutboxJob>(QUEUES.temporalOutbox, carryOut, {
        batchSize: tuning.dispatchBatchSize,
        localConcurrency: tuning.localConcurrency,
      });
      await opened.work<OutboxJob>(QUEUES.temporalAutoResolve, carryOut);
      if (grouping) flushTimer = startGroupFlushes(grouping, options.onError ?? (() => undefined));
    },
    async stop(timeoutMs) {
      if (flushTimer) clearInterval(flushTimer);
      flushTimer = null;
      grouping = null;
      const current = queue;
      queue = null;
      await current?.stop(timeoutMs);
    },
    queueStats: async () => (queue ? queue.stats() : []),
    flushDueGroups: async () => (grouping ? grouping.flushDue() : 0),
  };
}

// What a window decides goes into the outbox in the window's transaction, like every request: an
// instance's own page as its notify again (`decided`, so it starts the delivery workflow it always
// had), a group message as a job that starts a delivery workflow under the message's key.
function outboxGroupSends(queue: JobQueue): GroupSends {
  return {
    async send(tx, { singles, groups }) {
      const jobs = [
        ...singles.map(({ alertEventId, endpointId }) => {
          const data: OutboxJob = { type: 'notify', alertEventId, endpointId, decided: true };
          const id = jobIdFor(`decided:${notifyWorkflowId(alertEventId, endpointId)}`);
          return { id, data, priority: DECIDED_PRIORITY };
        }),
        ...groups.map((message) => {
          const data: OutboxJob = message;
          return { id: jobIdFor(message.key), data, priority: DECIDED_PRIORITY };
        }),
      ];
      await queue.sendManyInTransaction(tx, QUEUES.temporalOutbox, jobs);
    },
  };
}
