import type { AlertRuleTypeInputs } from '../inputs/alert-rule-inputs';
import { protectedProcedure, router } from '../trpc';

/** One action over every rule the list filters match among those the caller can see. */
export const alertRuleGroupRouter = (inputs: AlertRuleTypeInputs) =>
  router({
    silent: protectedProcedure
      .input(inputs.filter)
      .mutation(({ ctx, input }) => ctx.core.alertRuleGroups.silent(ctx.actor, input)),
    unsilent: protectedProcedure
      .input(inputs.filter)
      .mutation(({ ctx, input }) => ctx.core.alertRuleGroups.unsilent(ctx.actor, input)),
    delete: protectedProcedure
      .input(inputs.filterWithoutSilence)
      .mutation(({ ctx, input }) => ctx.core.alertRuleGroups.delete(ctx.actor, input)),
    addUserNotify: protectedProcedure
      .input(inputs.addUserNotify)
      .mutation(({ ctx, input: { filter, ...add } }) =>
        ctx.core.alertRuleGroups.addUserNotify(ctx.actor, filter, add),
      ),
  });
