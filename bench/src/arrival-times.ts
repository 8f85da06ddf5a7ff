import type { FakeProviderOne } from '@oncall/fakes';

/** How long to wait for the next send after the last arrival before counting the rest as lost. */
export const ARRIVAL_WAIT_MS = 30_000;

/**
 * When each of the next `count` sends reached the fake provider, by the fire's number read from the
 * message with `marker`; gives up waiting `ARRIVAL_WAIT_MS` after the last arrival, so a lost page
 * shows as missing.
 */
export async function timeArrivals(
  provider: FakeProviderOne,
  from: number,
  count: number,
  marker: RegExp,
): Promise<Map<number, number>> {
  const arrivedAt = new Map<number, number>();
  for (let seen = from; seen < from + count; seen++) {
    const arrived = await Promise.race([
      provider.waitForRequests(seen + 1).then(() => true),
      new Promise<boolean>((resolve) => setTimeout(() => resolve(false), ARRIVAL_WAIT_MS)),
    ]);
    if (!arrived) break;
    const at = performance.now();
    const n = marker.exec(provider.requests[seen]?.query.message ?? '')?.[1];
    if (n !== undefined) arrivedAt.set(Number(n), at);
  }
  return arrivedAt;
}
