import type { Builder } from '../builder';

/** The rule types on offer, the catalog's: data-source types are valid GraphQL names. */
export const alertRuleTypeEnum = (builder: Builder, types: readonly string[]) =>
  builder.enumType('AlertRuleType', {
    description: 'Selects the shape of the type-specific fields; fixed at creation.',
    values: types,
  });

export type AlertRuleTypeEnum = ReturnType<typeof alertRuleTypeEnum>;
