import { type AlertRuleTypeInputs, labelValuesInput } from '../inputs/alert-rule-inputs';
import { protectedProcedure, router } from '../trpc';

/**
 * What the rule form offers; rule names, labels and Zabbix hosts and actions are read from the data
 * sources, with `meta.sources` saying which answered (BAD_GATEWAY when none did).
 */
export const alertRuleCreateDataRouter = (inputs: AlertRuleTypeInputs) =>
  router({
    options: protectedProcedure.query(({ ctx }) => ctx.core.alertRuleCreateData.options(ctx.actor)),
    rules: protectedProcedure
      .input(inputs.externalRules)
      .query(({ ctx, input }) => ctx.core.alertRuleCreateData.externalRules(ctx.actor, input)),
    labels: protectedProcedure.query(({ ctx }) => ctx.core.alertRuleCreateData.labels(ctx.actor)),
    labelValues: protectedProcedure
      .input(labelValuesInput)
      .query(({ ctx, input }) => ctx.core.alertRuleCreateData.labelValues(ctx.actor, input.label)),
    zabbix: protectedProcedure.query(({ ctx }) => ctx.core.alertRuleCreateData.zabbix(ctx.actor)),
  });
