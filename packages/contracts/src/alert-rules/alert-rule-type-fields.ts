import { z } from 'zod';
import { autoResolveMinutesField, booleanField } from './alert-rule-fields';

/**
 * What a rule of one type stores besides the fields every rule has: one object, or one per
 * `queryType`; `singleSource` when it names one data source (`dataSourceId`) rather than a list.
 * The shape of a source plugin's `ruleFields` (the SDK's `SourceRuleFields`), restated because
 * contracts depend on nothing but zod.
 *
 * @example { fields: z.object({ dataSourceIds: someDataSourceIds, dataSourceAlertName: alertNameField }) }
 */
export type RuleTypeFields =
  | { readonly fields: z.ZodObject; readonly singleSource?: true }
  | { readonly byQueryType: Readonly<Record<string, z.ZodObject>>; readonly singleSource?: true };

/**
 * Every rule type a service offers, in the order error texts list them, with what each stores.
 * The core builds it from the loaded plugins (`alertRuleTypeCatalog`); the faces build their rule
 * schemas from it.
 *
 * @example new Map([['api', apiFields], ['notification', notificationFields], ['grafana', grafana.ruleFields]])
 */
export type AlertRuleTypeCatalog = ReadonlyMap<string, RuleTypeFields>;

/** Typed loosely so it applies to the `api` variant whatever common fields it is built with. */
function requireAutoResolveMinutes(
  rule: { enableAutoResolve?: unknown; autoResolveMinutes?: unknown },
  ctx: z.RefinementCtx,
): void {
  if (rule.enableAutoResolve === true && rule.autoResolveMinutes == null) {
    ctx.addIssue({
      code: 'custom',
      path: ['autoResolveMinutes'],
      message: 'The auto resolve minutes field is required when auto resolve is enabled.',
    });
  }
}

const apiFields: RuleTypeFields = {
  fields: z
    .object({
      enableAutoResolve: booleanField('enable auto resolve').default(false),
      autoResolveMinutes: autoResolveMinutesField.nullish(),
    })
    .superRefine(requireAutoResolveMinutes),
};

const notificationFields: RuleTypeFields = { fields: z.object({}) };

/**
 * The rule types the host serves itself (`api`, `notification`) with what their rules store. The
 * core adds each loaded source plugin's data-source type with its `ruleFields`
 * (`alertRuleTypeCatalog`); no source type's shape is kept here.
 */
export const HOST_RULE_TYPE_FIELDS: AlertRuleTypeCatalog = new Map([
  ['api', apiFields],
  ['notification', notificationFields],
]);
