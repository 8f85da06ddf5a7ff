import type { z } from 'zod';
import type { alertRuleCreateBody, alertRuleTypeFields, alertRuleUpdateBody } from './alert-rule-bodies';

/** What the use cases receive once a face has parsed a body; the type-specific part is a union. */
export type AlertRuleCreateInput = z.output<typeof alertRuleCreateBody>;
export type AlertRuleUpdateInput = z.output<typeof alertRuleUpdateBody>;
export type AlertRuleTypeFields = z.output<typeof alertRuleTypeFields>;
