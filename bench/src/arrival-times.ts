import type { RecordingHttpServer } from '@oncall/fakes';

/** How long to wait for the next send after the last arrival before counting the rest as lost. */
export const ARRIVAL_WAIT_MS = 30_000;

/**
 * When each of the next `count` sends reached a fake (an SMS provider, a webhook receiver), by the
 * fire's number read from the message's text (`textOf`) with `marker`, at the instant the fake
 * recorded it; gives up waiting `ARRIVAL_WAIT_MS` after the last arrival, so a lost page shows as
 * missing. A number seen again keeps its first arrival (count repeats with `tallyMarked`).
 */
export async function timeArrivals<Recorded>(
  receiver: RecordingHttpServer<Recorded>,
  from: number,
  count: number,
  marker: RegExp,
  textOf: (request: Recorded) => string,
): Promise<Map<number, number>> {
  const arrivedAt = new Map<number, number>();
  for (let seen = from; arrivedAt.size < count; seen++) {
    const arrived = await Promise.race([
      receiver.waitForRequests(seen + 1).then(() => true),
      new Promise<boolean>((resolve) => setTimeout(() => resolve(false), ARRIVAL_WAIT_MS)),
    ]);
    if (!arrived) break;
    const request = receiver.requests[seen];
    const n = request === undefined ? undefined : marker.exec(textOf(request))?.[1];
    if (n !== undefined && !arrivedAt.has(Number(n))) {
      arrivedAt.set(Number(n), receiver.arrivedAt[seen] ?? performance.now());
    }
  }
  return arrivedAt;
}

/** The fires `marker` names among a fake's requests from `from` on: how many distinct, how many repeats. */
export function tallyMarked<Recorded>(
  receiver: RecordingHttpServer<Recorded>,
  from: number,
  marker: RegExp,
  textOf: (request: Recorded) => string,
): { distinct: number; repeated: number } {
  const seen = new Set<string>();
  let repeated = 0;
  for (const request of receiver.requests.slice(from)) {
    const n = marker.exec(textOf(request))?.[1];
    if (n === undefined) continue;
    if (seen.has(n)) repeated += 1;
    else seen.add(n);
  }
  return { distinct: seen.size, repeated };
}
