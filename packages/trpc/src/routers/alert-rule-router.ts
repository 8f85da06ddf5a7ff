import type { AlertRuleTypeCatalog } from '@oncall/contracts';
import { alertRuleTypeInputs } from '../inputs/alert-rule-inputs';
import { idInput } from '../inputs/strict-inputs';
import { protectedProcedure, router } from '../trpc';
import { alertRuleAccessRouter } from './alert-rule-access-router';
import { alertRuleCreateDataRouter } from './alert-rule-create-data-router';
import { alertRuleGroupRouter } from './alert-rule-group-router';
import { alertRuleNotifyRouter } from './alert-rule-notify-router';
import { alertRuleTagRouter } from './alert-rule-tag-router';
import { ruleTypeForms } from './alert-rule-type-forms';

/**
 * Alert rules, their types and fields those of the catalog; `externalRuleTypes`: the types whose
 * sources list their alert rules; `formListTypes`: those whose plugin declares form lists.
 */
export const alertRuleRouter = (
  catalog: AlertRuleTypeCatalog,
  externalRuleTypes: readonly string[],
  formListTypes: readonly string[],
) => {
  const inputs = alertRuleTypeInputs(catalog, externalRuleTypes);
  const forms = ruleTypeForms(catalog);
  return router({
    list: protectedProcedure
      .input(inputs.list)
      .query(({ ctx, input }) => ctx.core.alertRules.list(ctx.actor, input)),
    get: protectedProcedure
      .input(idInput)
      .query(({ ctx, input }) => ctx.core.alertRules.get(ctx.actor, input.id)),
    create: protectedProcedure
      .input(inputs.create)
      .mutation(({ ctx, input }) => ctx.core.alertRules.create(ctx.actor, input)),
    update: protectedProcedure
      .input(inputs.update)
      .mutation(({ ctx, input: { id, ...data } }) => ctx.core.alertRules.update(ctx.actor, id, data)),
    delete: protectedProcedure
      .input(idInput)
      .mutation(({ ctx, input }) => ctx.core.alertRules.delete(ctx.actor, input.id)),
    pin: protectedProcedure
      .input(idInput)
      .mutation(({ ctx, input }) => ctx.core.alertRules.pin(ctx.actor, input.id)),
    silent: protectedProcedure
      .input(idInput)
      .mutation(({ ctx, input }) => ctx.core.alertRules.silent(ctx.actor, input.id)),
    types: protectedProcedure.query(({ ctx }) => ctx.core.alertRules.types(ctx.actor)),
    /** Each type's form (per query type where it has several), from the fields its plugin declares. */
    typeForms: protectedProcedure.query(() => forms),
    filterEndpoints: protectedProcedure.query(({ ctx }) => ctx.core.alertRules.filterEndpoints(ctx.actor)),
    createData: alertRuleCreateDataRouter(inputs, formListTypes),
    group: alertRuleGroupRouter(inputs),
    tags: alertRuleTagRouter,
    notify: alertRuleNotifyRouter,
    access: alertRuleAccessRouter,
  });
};
