import { DELIVERY_LANES, type DeliveryLane } from '../delivery/lane';

/**
 * The Temporal task queue a lane's deliveries run on: pages on the base queue (with flows and
 * auto-resolve timers), email and chat on `<base>-email` and `<base>-chat`. A worker polls each
 * with its own slots, so a hanging webhook's activities hold chat slots only, as on the embedded
 * driver.
 */
export function laneTaskQueue(base: string, lane: DeliveryLane): string {
  return lane === 'page' ? base : `${base}-${lane}`;
}

/** Every task queue a worker must poll for a base task queue. */
export function laneTaskQueues(base: string): string[] {
  return DELIVERY_LANES.map((lane) => laneTaskQueue(base, lane));
}
