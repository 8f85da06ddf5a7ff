import type { DeliverySharesReader, LaneSlots } from '@oncall/workflows';
import type { JobContext, JobQueue } from '../boss/job-queue';
import type { QueueName } from '../driver/queues';

export interface LaneAdmissionDeps {
  readonly shares: DeliverySharesReader;
  readonly slots: LaneSlots;
  readonly queue: JobQueue;
  /** Waking a put-back job failed; its backstop delay still runs it. */
  readonly onError: (error: unknown) => void;
}

/** Put-back jobs remembered per full claimant; beyond that their backstop delay alone runs them. */
const PARKED_PER_CLAIMANT = 1_000;
/** The backstop of a put-back job: 2 s, doubling with each run it was put back, up to 30 s. */
const FIRST_BACKSTOP_MS = 2_000;
const LAST_BACKSTOP_MS = 30_000;

/**
 * Runs a slow lane's delivery job only when every claimant of its send (endpoint owner, rule, rule
 * owner) has a slot in this process (`LaneSlots`). A job that finds one full does not wait in its
 * worker, which would let one rule's hanging sends hold the lane again: it is put back in the queue
 * and remembered under the full claimant; when that claimant's send ends, the oldest job waiting for
 * it is made runnable at once. Its backstop delay runs it anyway, should this process die or forget it.
 */
export function createLaneAdmission(deps: LaneAdmissionDeps) {
  const parked = new Map<string, Map<string, QueueName>>();

  const park = (claimant: string, jobId: string, queue: QueueName) => {
    const waiting = parked.get(claimant) ?? new Map<string, QueueName>();
    waiting.delete(jobId);
    waiting.set(jobId, queue);
    if (waiting.size > PARKED_PER_CLAIMANT) {
      const [oldest] = waiting.keys();
      if (oldest !== undefined) waiting.delete(oldest);
    }
    parked.set(claimant, waiting);
  };

  const wakeOne = (claimant: string) => {
    const waiting = parked.get(claimant);
    const next = waiting?.entries().next().value;
    if (waiting === undefined || next === undefined) return;
    const [jobId, queue] = next;
    waiting.delete(jobId);
    if (waiting.size === 0) parked.delete(claimant);
    deps.queue.runNow(queue, jobId).catch(deps.onError);
  };

  return async function admitted(
    queue: QueueName,
    notification: Parameters<DeliverySharesReader['sharesOf']>[0],
    job: JobContext,
    run: () => Promise<void>,
  ): Promise<void> {
    const shares = await deps.shares.sharesOf(notification);
    if (shares === null) return run();
    const slot = deps.slots.take(shares);
    if (!slot.taken) {
      const backstopMs = Math.min(LAST_BACKSTOP_MS, FIRST_BACKSTOP_MS * 2 ** Math.min(job.retryCount, 5));
      await deps.queue.putBack(queue, job, backstopMs);
      park(slot.busy, job.id, queue);
      return;
    }
    try {
      await run();
    } finally {
      for (const claimant of slot.release()) wakeOne(claimant);
    }
  };
}

export type LaneAdmission = ReturnType<typeof createLaneAdmission>;
