import {
  behaviorRuleKindSchemas,
  behaviorRuleUpdateBody,
  behaviorTemplatePreviewBody,
  idField,
} from '@oncall/contracts';
import { z } from 'zod';

/** The REST behavior-rule bodies made strict, each beside the ids the REST path carries. */
const alertRule = { alertRuleId: idField('alert rule id') };
const rule = { ...alertRule, ruleId: idField('rule id') };

export const behaviorAlertRuleInput = z.strictObject(alertRule);
export const behaviorRuleInput = z.strictObject(rule);

export const behaviorRuleCreateInput = z.discriminatedUnion(
  'type',
  [
    behaviorRuleKindSchemas.notification.extend(alertRule).strict(),
    behaviorRuleKindSchemas.template.extend(alertRule).strict(),
    behaviorRuleKindSchemas.silent.extend(alertRule).strict(),
  ],
  { error: 'The type must be notification, template or silent.' },
);

export const behaviorRuleUpdateInput = behaviorRuleUpdateBody.extend(rule).strict();

export const behaviorTemplatePreviewInput = behaviorTemplatePreviewBody.extend(alertRule).strict();
