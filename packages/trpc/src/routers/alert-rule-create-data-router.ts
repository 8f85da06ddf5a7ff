import { z } from 'zod';
import { type AlertRuleTypeInputs, labelValuesInput } from '../inputs/alert-rule-inputs';
import { protectedProcedure, router } from '../trpc';

/** The type and its fields as the form holds them; the type's plugin reads the fields with its own schema. */
const previewInput = z.strictObject({
  type: z.string().min(1).max(64),
  settings: z.record(z.string().max(64), z.unknown()),
});

const formOptionsInput = z.strictObject({ type: z.string().min(1).max(64) });

/**
 * What the rule form offers; rule names, labels and a type's form lists are read from the data
 * sources, with `meta.sources` saying which answered (BAD_GATEWAY when none did).
 */
export const alertRuleCreateDataRouter = (inputs: AlertRuleTypeInputs) =>
  router({
    options: protectedProcedure.query(({ ctx }) => ctx.core.alertRuleCreateData.options(ctx.actor)),
    /** What the rule form's Grouping section says an empty group interval means. */
    grouping: protectedProcedure.query(({ ctx }) => ({
      defaultGroupInterval: ctx.core.defaultGroupIntervalSeconds,
    })),
    rules: protectedProcedure
      .input(inputs.externalRules)
      .query(({ ctx, input }) => ctx.core.alertRuleCreateData.externalRules(ctx.actor, input)),
    labels: protectedProcedure.query(({ ctx }) => ctx.core.alertRuleCreateData.labels(ctx.actor)),
    labelValues: protectedProcedure
      .input(labelValuesInput)
      .query(({ ctx, input }) => ctx.core.alertRuleCreateData.labelValues(ctx.actor, input.label)),
    formOptions: protectedProcedure
      .input(formOptionsInput)
      .query(({ ctx, input }) => ctx.core.alertRuleCreateData.formOptions(ctx.actor, input.type)),
    /** The older name of `formOptions({ type: 'zabbix' })`, which the web UI's Zabbix form reads. */
    zabbix: protectedProcedure.query(({ ctx }) =>
      ctx.core.alertRuleCreateData.formOptions(ctx.actor, 'zabbix'),
    ),
    /** Runs a text query (or count threshold) once against its sources, bounded by a timeout; stores nothing. */
    preview: protectedProcedure
      .input(previewInput)
      .query(({ ctx, input }) => ctx.core.alertRuleCreateData.preview(ctx.actor, input)),
  });
