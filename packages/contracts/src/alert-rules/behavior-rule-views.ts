import { z } from 'zod';
import { BEHAVIOR_RULE_KINDS, BEHAVIOR_TRIGGER_STATES } from './behavior-rule-bodies';

const refSchema = z.object({ id: z.string(), name: z.string() });

/** A behavior rule as every face shows it; the fields present depend on `type`. */
export const behaviorRuleViewSchema = z.object({
  id: z.string(),
  alertRuleId: z.string(),
  type: z.enum(BEHAVIOR_RULE_KINDS),
  name: z.string().nullable(),
  filters: z
    .array(z.object({ key: z.string(), value: z.string() }))
    .optional()
    .describe('notification'),
  endpointIds: z.array(z.string()).optional().describe('notification and template'),
  endpoints: z.array(refSchema).optional().describe('notification and template'),
  template: z.string().optional().describe('template'),
  dependsOnAlertRuleIds: z.array(z.string()).optional().describe('silent'),
  dependsOnAlertRules: z.array(refSchema).optional().describe('silent'),
  triggerState: z.enum(BEHAVIOR_TRIGGER_STATES).optional().describe('silent'),
  maintenance: z
    .object({ from: z.string(), to: z.string(), timeZone: z.string(), weekly: z.boolean().optional() })
    .nullable()
    .optional()
    .describe('silent: a maintenance window, wall-clock times in timeZone, once or weekly'),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});

export const behaviorRuleListSchema = z.object({ rules: z.array(behaviorRuleViewSchema) });

export const behaviorRuleWriteResultSchema = z.object({
  status: z.literal(true),
  rule: behaviorRuleViewSchema,
});

/** An alert rule a silent behavior rule may depend on. */
export const selectableAlertRuleSchema = z.object({ id: z.string(), name: z.string(), type: z.string() });

/** A template preview: the text it renders to, and the event rendered (null: a sample stood in). */
export const behaviorTemplatePreviewSchema = z.object({
  status: z.literal(true),
  text: z.string(),
  alertEventId: z.string().nullable(),
});
