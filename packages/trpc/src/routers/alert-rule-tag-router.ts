import { alertRuleTagsInput } from '../inputs/alert-rule-inputs';
import { idInput } from '../inputs/strict-inputs';
import { protectedProcedure, router } from '../trpc';

export const alertRuleTagRouter = router({
  all: protectedProcedure.query(({ ctx }) => ctx.core.alertRuleTags.all(ctx.actor)),
  get: protectedProcedure
    .input(idInput)
    .query(({ ctx, input }) => ctx.core.alertRuleTags.get(ctx.actor, input.id)),
  /** Replaces the rule's tags. */
  set: protectedProcedure
    .input(alertRuleTagsInput)
    .mutation(({ ctx, input }) => ctx.core.alertRuleTags.put(ctx.actor, input.id, input.tags)),
});
