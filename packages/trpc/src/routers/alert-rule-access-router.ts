import { alertRuleAccessInput, alertRuleMemberInput } from '../inputs/alert-rule-inputs';
import { idInput } from '../inputs/strict-inputs';
import { protectedProcedure, router } from '../trpc';

/** The users and teams a rule is shared with. */
export const alertRuleAccessRouter = router({
  get: protectedProcedure
    .input(idInput)
    .query(({ ctx, input }) => ctx.core.alertRuleAccess.get(ctx.actor, input.id)),
  add: protectedProcedure
    .input(alertRuleAccessInput)
    .mutation(({ ctx, input: { id, ...data } }) => ctx.core.alertRuleAccess.add(ctx.actor, id, data)),
  remove: protectedProcedure
    .input(alertRuleMemberInput)
    .mutation(({ ctx, input }) =>
      ctx.core.alertRuleAccess.remove(ctx.actor, input.alertId, input.userOrTeamId),
    ),
});
