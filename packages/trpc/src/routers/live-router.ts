import { getTRPCErrorFromUnknown, tracked } from '@trpc/server';
import { toTRPCError } from '../errors/to-trpc-error';
import { liveEventsInput } from '../inputs/live-inputs';
import { protectedProcedure, router } from '../trpc';

export const liveRouter = router({
  /**
   * Alert state changes and delivery outcomes of the rules the caller may read, as they commit,
   * over SSE, in batches (`{ events }`, in commit order). Each event has its id; a message carries
   * its last one (`tracked`), so a reconnecting client is replayed what came after it.
   */
  events: protectedProcedure.input(liveEventsInput).subscription(async function* ({ ctx, input, signal }) {
    try {
      for await (const events of ctx.core.live.subscribe(ctx.actor, input, signal)) {
        const last = events.at(-1);
        if (last) yield tracked(last.id, { events });
      }
    } catch (error) {
      // Thrown while streaming, after the procedure's middleware has returned.
      throw toTRPCError(getTRPCErrorFromUnknown(error));
    }
  }),
});
