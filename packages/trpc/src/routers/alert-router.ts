import { historyInput, statusTimelineInput } from '../inputs/alert-inputs';
import { idInput } from '../inputs/strict-inputs';
import { protectedProcedure, router } from '../trpc';

/** What rules did and what people do about it: the same use cases as REST's `/alert-rule/...` reads and actions. */
export const alertRouter = router({
  /** Each visible rule's states over time; rules the caller may not see are left out. */
  statusTimeline: protectedProcedure
    .input(statusTimelineInput)
    .query(({ ctx, input }) => ctx.core.alerts.statusTimeline(ctx.actor, input)),
  /** The rule's history events, newest first. */
  history: protectedProcedure
    .input(historyInput)
    .query(({ ctx, input: { id, ...query } }) => ctx.core.alerts.history(ctx.actor, id, query)),
  /** The instances firing now, and an evaluated rule's last check. */
  triggered: protectedProcedure
    .input(idInput)
    .query(({ ctx, input }) => ctx.core.alerts.triggered(ctx.actor, input.id)),
  acknowledge: protectedProcedure
    .input(idInput)
    .mutation(({ ctx, input }) => ctx.core.ruleActions.acknowledge(ctx.actor, input.id)),
  /** Resolves every firing instance of the rule by hand. */
  resolve: protectedProcedure
    .input(idInput)
    .mutation(({ ctx, input }) => ctx.core.ruleActions.resolve(ctx.actor, input.id)),
});
