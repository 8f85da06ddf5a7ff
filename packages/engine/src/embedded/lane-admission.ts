import type { DeliverySharesReader, LaneSlots } from '@oncall/workflows';
import type { JobContext, JobQueue } from '../boss/job-queue';
import type { QueueName } from '../driver/queues';

export interface LaneAdmissionDeps {
  readonly shares: DeliverySharesReader;
  readonly slots: LaneSlots;
  readonly queue: JobQueue;
  /** Waking a put-back job failed; its backstop delay still runs it. */
  readonly onError: (error: unknown) => void;
  /** Sends run in the committing process at once (`hold`), at most; the rest go to the lane's queue. */
  readonly inlineLimit: number;
}

/** A slow-lane send's slots, held while the committing process runs it itself. */
export interface LaneHold {
  /** Gives the slots back, waking a job put back for one of them. */
  release(): void;
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
  let inline = 0;

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

  return {
    /** Runs a job of a slow lane's queue if its claimants have room, else puts it back. */
    async admitted(
      queue: QueueName,
      notification: Notification,
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
    },

    /**
     * The slots of a slow-lane send the committing process may run itself, without the queue's hop
     * (`inlineLimit` at once): null when a claimant is full, or for a send no share bounds. The
     * same shares as a queued job's, so a tarpit's sends hold no more of the lane either way.
     */
    async hold(notification: Notification): Promise<LaneHold | null> {
      if (inline >= deps.inlineLimit) return null;
      const shares = await deps.shares.sharesOf(notification);
      if (shares === null || inline >= deps.inlineLimit) return null;
      const slot = deps.slots.take(shares);
      if (!slot.taken) return null;
      inline += 1;
      let held = true;
      return {
        release: () => {
          if (!held) return;
          held = false;
          inline -= 1;
          for (const claimant of slot.release()) wakeOne(claimant);
        },
      };
    },
  };
}

type Notification = Parameters<DeliverySharesReader['sharesOf']>[0];

export type LaneAdmission = ReturnType<typeof createLaneAdmission>;
