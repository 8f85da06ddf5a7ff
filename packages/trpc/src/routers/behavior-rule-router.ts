import {
  behaviorAlertRuleInput,
  behaviorRuleCreateInput,
  behaviorRuleInput,
  behaviorRuleUpdateInput,
  behaviorTemplatePreviewInput,
} from '../inputs/behavior-rule-inputs';
import { protectedProcedure, router } from '../trpc';

/** Behavior rules of an alert rule: the same use cases as `/alert-rule-behavior-rule`. */
export const behaviorRuleRouter = router({
  list: protectedProcedure
    .input(behaviorAlertRuleInput)
    .query(({ ctx, input }) => ctx.core.behaviorRules.list(ctx.actor, input.alertRuleId)),
  /** Alert rules a silent behavior rule of this one may depend on. */
  selectableAlertRules: protectedProcedure
    .input(behaviorAlertRuleInput)
    .query(({ ctx, input }) => ctx.core.behaviorRules.selectableAlertRules(ctx.actor, input.alertRuleId)),
  create: protectedProcedure
    .input(behaviorRuleCreateInput)
    .mutation(({ ctx, input: { alertRuleId, ...body } }) =>
      ctx.core.behaviorRules.create(ctx.actor, alertRuleId, body),
    ),
  update: protectedProcedure
    .input(behaviorRuleUpdateInput)
    .mutation(({ ctx, input: { alertRuleId, ruleId, ...body } }) =>
      ctx.core.behaviorRules.update(ctx.actor, alertRuleId, ruleId, body),
    ),
  /** A template rendered against the rule's last alert event; changes nothing. */
  previewTemplate: protectedProcedure
    .input(behaviorTemplatePreviewInput)
    .mutation(({ ctx, input }) =>
      ctx.core.behaviorRules.previewTemplate(ctx.actor, input.alertRuleId, input.template),
    ),
  delete: protectedProcedure
    .input(behaviorRuleInput)
    .mutation(({ ctx, input }) => ctx.core.behaviorRules.delete(ctx.actor, input.alertRuleId, input.ruleId)),
});
