import type { LiveEvent } from '@oncall/core';
import { getTRPCErrorFromUnknown, type TrackedEnvelope, tracked } from '@trpc/server';
// The subscription's output type is `TrackedData`, which the root module does not export; naming
// it here lets the declaration build refer to it through a public path.
import type { TrackedData } from '@trpc/server/unstable-core-do-not-import';
import { toTRPCError } from '../errors/to-trpc-error';
import { liveEventsInput } from '../inputs/live-inputs';
import { router, streamProcedure } from '../trpc';

/** One SSE message: events in commit order, the message tracked with the last one's id. */
export interface LiveBatch {
  events: readonly LiveEvent[];
}

/** What a client's `onData` gets: `{ id, data }`. */
export type LiveMessage = TrackedData<LiveBatch>;

export const liveRouter = router({
  /**
   * Alert state changes and delivery outcomes of the rules the caller may read, as they commit,
   * over SSE, in batches (`{ events }`, in commit order). Each event has its id; a message carries
   * its last one (`tracked`), so a reconnecting client is replayed what came after it.
   */
  events: streamProcedure.input(liveEventsInput).subscription(({ ctx, input, signal }) => {
    const { core, accessToken } = ctx;
    // A stream the main forwarded is watched there, against the caller's session on the main: the
    // agent holds no session for it, only the main's assertion, which was checked when it opened.
    const sessionHolds = ctx.zoneAssertion
      ? undefined
      : () => (accessToken ? core.auth.authenticate(accessToken).then(() => true) : Promise.resolve(false));
    // Called here, not in a generator, so a caller over its stream cap is refused before anything
    // streams (`too_many_streams`, a 429); the stream holds the slot its procedure reserved.
    return trackedBatches(core.live.subscribe(ctx.actor, { ...input, sessionHolds }, signal, ctx.liveSlot));
  }),
});

/** Each batch tracked with its last event's id, so a reconnecting client is replayed what followed. */
async function* trackedBatches(
  batches: AsyncIterableIterator<readonly LiveEvent[]>,
): AsyncGenerator<TrackedEnvelope<LiveBatch>> {
  try {
    for await (const events of batches) {
      const last = events.at(-1);
      if (last) yield tracked(last.id, { events });
    }
  } catch (error) {
    // Thrown while streaming, after the procedure's middleware has returned.
    throw toTRPCError(getTRPCErrorFromUnknown(error));
  }
}
