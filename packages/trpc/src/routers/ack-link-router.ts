import { ackLinkInput } from '../inputs/ack-link-inputs';
import { publicProcedure, router } from '../trpc';

/**
 * A message's acknowledge link, for a client that renders the `/ack/<token>` page itself. No
 * session: the signed token is the authority, bound to one episode and endpoint. A refused link is
 * an answer (`forged`, `expired`, `closed`), not an error, as on the REST page.
 */
export const ackLinkRouter = router({
  /** Reading a link changes nothing: previewers and mail scanners fetch every link they see. */
  inspect: publicProcedure
    .input(ackLinkInput)
    .query(({ ctx, input }) => ctx.core.ackLinkActions.inspect(input.token)),
  acknowledge: publicProcedure
    .input(ackLinkInput)
    .mutation(({ ctx, input }) => ctx.core.ackLinkActions.acknowledge(input.token)),
});
