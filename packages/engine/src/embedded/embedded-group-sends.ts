import { notifyWorkflowId } from '@oncall/workflows';
import { jobIdFor } from '../boss/job-id';
import type { JobQueue, QueuedJob } from '../boss/job-queue';
import { DECIDED_PRIORITY, type GroupSends } from '../driver/grouped-dispatch';
import { LANE_QUEUES, QUEUES, type QueueName } from '../driver/queues';
import type { DeliveryJob, DispatchJob } from './jobs';

/**
 * What a group window sends, as embedded jobs in the window's transaction: an instance's own page
 * as a job of its endpoint's lane under the event's delivery key (a flow endpoint's as the notify
 * again, `decided`), a group message as a dispatch job routed when it runs, both ahead of the
 * dispatch queue's notifies. One insert per queue.
 */
export function embeddedGroupSends(queue: JobQueue): GroupSends {
  return {
    async send(tx, { singles, groups }) {
      const byQueue = new Map<QueueName, QueuedJob[]>();
      const add = (name: QueueName, job: QueuedJob) => {
        byQueue.set(name, [...(byQueue.get(name) ?? []), job]);
      };
      for (const { alertEventId, endpointId, delivery } of singles) {
        if (delivery === null) {
          const data: DispatchJob = { type: 'notify', alertEventId, endpointId, decided: true };
          add(QUEUES.dispatch, {
            id: jobIdFor(`decided:${notifyWorkflowId(alertEventId, endpointId)}`),
            data,
          });
          continue;
        }
        const data: DeliveryJob = { input: delivery.input };
        add(LANE_QUEUES[delivery.lane], {
          id: jobIdFor(delivery.key),
          data,
          ...(delivery.ownerId === undefined ? {} : { group: delivery.ownerId }),
        });
      }
      for (const message of groups) {
        const data: DispatchJob = message;
        add(QUEUES.dispatch, { id: jobIdFor(message.key), data, priority: DECIDED_PRIORITY });
      }
      for (const [name, jobs] of byQueue) await queue.sendManyInTransaction(tx, name, jobs);
    },
  };
}
