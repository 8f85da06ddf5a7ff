/**
 * The `ApplicationFailure` type of a send the `sendNotification` activity refused before calling
 * the vendor, because a share of its lane (its endpoint owner's, rule's or rule owner's, `LaneSlots`)
 * was full in that worker: nothing was sent, so it is no attempt. The delivery workflow waits
 * (`laneBusyWaitMs`) and asks again with the same request. Shared by both sides, so it stays free of
 * imports that could not run in the workflow sandbox.
 */
export const LANE_BUSY_FAILURE_TYPE = 'LaneBusy';

const FIRST_WAIT_MS = 1_000;
const LAST_WAIT_MS = 30_000;

/**
 * How long a delivery waits before asking again after `refusals` lane-busy refusals in a row: 1 s
 * doubling up to 30 s, drawn in the upper half by `jitter` (in [0, 1)) so refused deliveries spread
 * out instead of asking again together.
 *
 * @example
 * laneBusyWaitMs(0, 0.5); // 750
 * laneBusyWaitMs(9, 0); // 15000
 */
export function laneBusyWaitMs(refusals: number, jitter: number): number {
  const ceiling = Math.min(LAST_WAIT_MS, FIRST_WAIT_MS * 2 ** Math.min(refusals, 5));
  return Math.round(ceiling * (0.5 + jitter / 2));
}
