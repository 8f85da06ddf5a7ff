import type { Database } from '@oncall/db';
import { notifyWorkflowId, otpWorkflowId } from '@oncall/workflows';
import { jobIdFor } from '../boss/job-id';
import { type JobQueue, openJobQueue } from '../boss/job-queue';
import type { QueueTuning } from '../boss/queue-tuning';
import type { Engine } from '../embedded/create-embedded-engine';
import { QUEUES } from '../embedded/queues';
import { DEFAULT_RETRY_POLICIES, type RetryPolicies } from '../embedded/retry-policies';
import type { NotificationRoutes } from '../ports/notification-routes';
import type { OutboxJob } from './outbox-job';
import type { WorkflowClientLike } from './workflow-client-like';
import { createWorkflowStarts } from './workflow-starts';

export interface TemporalEngineOptions {
  /** The application database: the outbox is a pg-boss queue in it. */
  readonly db: Database;
  readonly client: WorkflowClientLike;
  /** Must match the worker's (`TEMPORAL_TASK_QUEUE`). */
  readonly taskQueue: string;
  readonly routes: NotificationRoutes;
  readonly policies?: Partial<RetryPolicies>;
  readonly tuning?: Partial<QueueTuning>;
  /** False: only queue (another server process works the outbox). Default true. */
  readonly runWorkers?: boolean;
  readonly onError?: (error: unknown) => void;
}

/**
 * The Temporal driver. The orchestrator writes an outbox job in the caller's transaction; the
 * outbox worker starts the workflows (delivery, flow) with business-key ids, or signals flows to
 * stop. The workflows and their activities run in `apps/worker`.
 *
 * @example
 * const engine = createTemporalEngine({ db, client: new WorkflowClient({ connection }), taskQueue: 'oncall', routes });
 */
export function createTemporalEngine(options: TemporalEngineOptions): Engine {
  let queue: JobQueue | null = null;
  const started = () => {
    if (queue === null) throw new Error('The Temporal engine is not started');
    return queue;
  };
  const outbox = (tx: Parameters<Engine['orchestrator']['notify']>[0], job: OutboxJob, key: string) =>
    started().sendInTransaction(tx, QUEUES.temporalOutbox, job, { id: jobIdFor(key) });
  return {
    orchestrator: {
      sendOtp: (tx, { otpId, channel }) => outbox(tx, { type: 'otp', otpId, channel }, otpWorkflowId(otpId)),
      notify: (tx, { alertEventId, endpointId }) =>
        outbox(tx, { type: 'notify', alertEventId, endpointId }, notifyWorkflowId(alertEventId, endpointId)),
      stopEscalations: (tx, { alertEventId, reason }) =>
        outbox(tx, { type: 'stop', alertEventId, reason }, `escalation-stop:${alertEventId}`),
    },
    async start() {
      if (queue) return;
      const opened = await openJobQueue(options.db, { tuning: options.tuning, onError: options.onError });
      queue = opened;
      if (options.runWorkers === false) return;
      const carryOut = createWorkflowStarts({
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
      await opened.work<OutboxJob>(QUEUES.temporalOutbox, carryOut);
    },
    async stop(timeoutMs) {
      const current = queue;
      queue = null;
      await current?.stop(timeoutMs);
    },
  };
}
