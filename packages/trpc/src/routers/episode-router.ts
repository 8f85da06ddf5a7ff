import { deliveryLogInput, episodeListInput } from '../inputs/alert-inputs';
import { protectedProcedure, router } from '../trpc';

/** A rule's episodes and its delivery log; whoever may read the rule may read them. */
export const episodeRouter = router({
  list: protectedProcedure
    .input(episodeListInput)
    .query(({ ctx, input: { ruleId, ...page } }) => ctx.core.episodes.list(ctx.actor, ruleId, page)),
  /** Send attempts and behavior rules' effects, newest first; one episode's when `episodeId` is given. */
  deliveryLog: protectedProcedure
    .input(deliveryLogInput)
    .query(({ ctx, input: { ruleId, episodeId, ...page } }) =>
      ctx.core.episodes.deliveryLog(ctx.actor, { ruleId, episodeId }, page),
    ),
});
