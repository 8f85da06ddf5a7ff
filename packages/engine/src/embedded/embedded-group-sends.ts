import { notifyWorkflowId } from '@oncall/workflows';
import { jobIdFor } from '../boss/job-id';
import type { JobQueue } from '../boss/job-queue';
import type { GroupSends } from '../driver/grouped-dispatch';
import { LANE_QUEUES, QUEUES } from '../driver/queues';
import type { DeliveryJob, DispatchJob } from './jobs';

/**
 * What a group window sends, as embedded jobs in the window's transaction: an instance's own page
 * as a job of its endpoint's lane under the event's delivery key (a flow endpoint's as the notify
 * again, `decided`), a group message as a dispatch job routed when it runs.
 */
export function embeddedGroupSends(queue: JobQueue): GroupSends {
  return {
    async single(tx, { alertEventId, endpointId, delivery }) {
      if (delivery === null) {
        const job: DispatchJob = { type: 'notify', alertEventId, endpointId, decided: true };
        await queue.sendInTransaction(tx, QUEUES.dispatch, job, {
          id: jobIdFor(`decided:${notifyWorkflowId(alertEventId, endpointId)}`),
        });
        return;
      }
      const job: DeliveryJob = { input: delivery.input };
      await queue.sendInTransaction(tx, LANE_QUEUES[delivery.lane], job, {
        id: jobIdFor(delivery.key),
        ...(delivery.ownerId === undefined ? {} : { group: delivery.ownerId }),
      });
    },
    async group(tx, message) {
      const job: DispatchJob = message;
      await queue.sendInTransaction(tx, QUEUES.dispatch, job, { id: jobIdFor(message.key) });
    },
  };
}
