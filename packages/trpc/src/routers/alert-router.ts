import { firingInput, historyInput, statusTimelineInput, triggeredInput } from '../inputs/alert-inputs';
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
  /**
   * Every instance firing now across the rules the caller may see, worst first and newest first,
   * a page at a time, with the counts per state (the web UI's Now page).
   */
  firing: protectedProcedure
    .input(firingInput)
    .query(({ ctx, input }) => ctx.core.alerts.firing(ctx.actor, input)),
  /** The newest instances firing now (`limit`, 100 unless named; `total` counts all), and an evaluated rule's last check. */
  triggered: protectedProcedure
    .input(triggeredInput)
    .query(({ ctx, input }) => ctx.core.alerts.triggered(ctx.actor, input.id, { limit: input.limit })),
  acknowledge: protectedProcedure
    .input(idInput)
    .mutation(({ ctx, input }) => ctx.core.ruleActions.acknowledge(ctx.actor, input.id)),
  /** Resolves every firing instance of the rule by hand. */
  resolve: protectedProcedure
    .input(idInput)
    .mutation(({ ctx, input }) => ctx.core.ruleActions.resolve(ctx.actor, input.id)),
});
