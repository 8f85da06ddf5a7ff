import { LaneSlots } from '@oncall/workflows';
import type { QueueTuning } from '../boss/queue-tuning';

/** The part of the tuning that sizes the slow lanes: their workers and the shares of each. */
export type SlowLaneTuning = Pick<
  QueueTuning,
  'slowLaneWorkers' | 'slowLanePerOwner' | 'slowLanePerRule' | 'slowLanePerRuleOwner'
>;

/**
 * The email and chat lanes' shares of one process, the same for both drivers: the embedded engine's
 * lane admission takes them for each job, a Temporal worker's `sendNotification` for each send (its
 * slow-lane workers run `slowLaneWorkers` activities at once, as the embedded lanes' workers do).
 *
 * @example
 * const slots = slowLaneSlots(DEFAULT_QUEUE_TUNING); // 16 per endpoint owner, 24 per rule, 32 per rule owner
 */
export function slowLaneSlots(tuning: SlowLaneTuning): LaneSlots {
  return new LaneSlots({
    perEndpointOwner: tuning.slowLanePerOwner,
    perRule: tuning.slowLanePerRule,
    perRuleOwner: tuning.slowLanePerRuleOwner,
  });
}
