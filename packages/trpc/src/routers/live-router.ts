import { getTRPCErrorFromUnknown, tracked } from '@trpc/server';
import { toTRPCError } from '../errors/to-trpc-error';
import { liveEventsInput } from '../inputs/live-inputs';
import { protectedProcedure, router } from '../trpc';

export const liveRouter = router({
  /**
   * Alert state changes and delivery outcomes of the rules the caller may read, as they commit,
   * over SSE. Each carries its id (`tracked`), so a reconnecting client is replayed what it missed.
   */
  events: protectedProcedure.input(liveEventsInput).subscription(async function* ({ ctx, input, signal }) {
    try {
      for await (const event of ctx.core.live.subscribe(ctx.actor, input, signal)) {
        yield tracked(event.id, event);
      }
    } catch (error) {
      // Thrown while streaming, after the procedure's middleware has returned.
      throw toTRPCError(getTRPCErrorFromUnknown(error));
    }
  }),
});
