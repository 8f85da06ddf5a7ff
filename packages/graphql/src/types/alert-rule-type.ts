import { ALERT_RULE_TYPES } from '@oncall/core';
import { builder } from '../builder';

export const AlertRuleTypeEnum = builder.enumType('AlertRuleType', {
  description: 'Selects the shape of the type-specific fields; fixed at creation.',
  values: ALERT_RULE_TYPES,
});
