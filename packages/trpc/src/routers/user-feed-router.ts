import { Schedules } from '@oncall/schedules';
import type { TrpcContext } from '../context';
import { protectedProcedure, router } from '../trpc';

const feedsOf = (ctx: TrpcContext) => (ctx.schedules ?? Schedules.of(ctx.core)).userFeeds;

/**
 * `profile.icalFeed`: the caller's own iCal feed of their shifts across every schedule. `status`
 * only reads; `newUrl` makes a new secret address (shown once, the old one stops answering);
 * `stop` ends the feed.
 */
export const userFeedRouter = router({
  status: protectedProcedure.query(({ ctx }) => feedsOf(ctx).status(ctx.actor)),
  newUrl: protectedProcedure.mutation(({ ctx }) => feedsOf(ctx).newUrl(ctx.actor)),
  stop: protectedProcedure.mutation(({ ctx }) => feedsOf(ctx).stop(ctx.actor)),
});
