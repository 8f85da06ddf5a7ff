import { z } from 'zod';
import { type AlertRuleTypeInputs, labelValuesInput } from '../inputs/alert-rule-inputs';
import { protectedProcedure, router } from '../trpc';

/** The type and its fields as the form holds them; the type's plugin reads the fields with its own schema. */
const previewInput = z.strictObject({
  type: z.string().min(1).max(64),
  settings: z.record(z.string().max(64), z.unknown()),
});

const formOptionsInput = z.strictObject({ type: z.string().min(1).max(64) });

/** The router's own procedure names, which a rule type's older form-options name may not take. */
const FIXED_NAMES: ReadonlySet<string> = new Set([
  'options',
  'grouping',
  'rules',
  'labels',
  'labelValues',
  'formOptions',
  'preview',
]);

/** `formOptions` for one type, under the type's own name: the older name clients of its form read. */
const formOptionsOf = (type: string) =>
  protectedProcedure.query(({ ctx }) => ctx.core.alertRuleCreateData.formOptions(ctx.actor, type));

/**
 * What the rule form offers; rule names, labels and a type's form lists are read from the data
 * sources, with `meta.sources` saying which answered (BAD_GATEWAY when none did).
 * `formListTypes`: the rule types whose plugin declares `formLists`; each also answers
 * `createData.{type}`, the older name of `formOptions({ type })` (as REST's
 * `/alert-rule/create-data/{type}`).
 */
export const alertRuleCreateDataRouter = (inputs: AlertRuleTypeInputs, formListTypes: readonly string[]) => {
  const olderNames: Record<string, ReturnType<typeof formOptionsOf>> = Object.fromEntries(
    formListTypes.filter((type) => !FIXED_NAMES.has(type)).map((type) => [type, formOptionsOf(type)]),
  );
  return router({
    ...olderNames,
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
    /** Runs a text query (or count threshold) once against its sources, bounded by a timeout; stores nothing. */
    preview: protectedProcedure
      .input(previewInput)
      .query(({ ctx, input }) => ctx.core.alertRuleCreateData.preview(ctx.actor, input)),
  });
};
