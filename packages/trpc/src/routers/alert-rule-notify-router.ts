import {
  alertRuleBatchNotifyInput,
  alertRuleEndpointInput,
  alertRuleNotifyInput,
} from '../inputs/alert-rule-inputs';
import { idInput } from '../inputs/strict-inputs';
import { protectedProcedure, router } from '../trpc';

export const alertRuleNotifyRouter = router({
  get: protectedProcedure
    .input(idInput)
    .query(({ ctx, input }) => ctx.core.alertRuleNotify.get(ctx.actor, input.id)),
  add: protectedProcedure
    .input(alertRuleNotifyInput)
    .mutation(({ ctx, input }) => ctx.core.alertRuleNotify.add(ctx.actor, input.id, input.endpointIds)),
  remove: protectedProcedure
    .input(alertRuleEndpointInput)
    .mutation(({ ctx, input }) =>
      ctx.core.alertRuleNotify.remove(ctx.actor, input.alertId, input.endpointId),
    ),
  /** Queues a test notification to the endpoints a real alert would page. */
  sendTest: protectedProcedure
    .input(idInput)
    .mutation(({ ctx, input }) => ctx.core.ruleActions.sendTest(ctx.actor, input.id)),
  batchOptions: protectedProcedure.query(({ ctx }) => ctx.core.alertRuleNotify.batchOptions(ctx.actor)),
  batchAdd: protectedProcedure
    .input(alertRuleBatchNotifyInput)
    .mutation(({ ctx, input }) => ctx.core.alertRuleNotify.batchAdd(ctx.actor, input)),
});
