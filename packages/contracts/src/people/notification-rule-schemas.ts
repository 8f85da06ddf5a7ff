import { z } from 'zod';
import { idField } from '../common/fields';

/** A personal rule waits at most a day: longer, and the page is surely answered or lost. */
export const MAX_NOTIFICATION_RULE_DELAY_MINUTES = 1440;

/** How urgent a page is; a flow's people step says which of a person's rules it runs. */
export const urgencyField = z.enum(['default', 'high'], { error: 'The urgency must be default or high.' });

/** One personal notification rule: at this urgency, page this own endpoint this many minutes in. */
export const notificationRuleBody = z.strictObject({
  urgency: urgencyField.default('default'),
  delayMinutes: z
    .number({ error: 'The delay must be a number of minutes.' })
    .int('The delay must be a whole number of minutes.')
    .min(0, 'The delay must be 0 or more minutes.')
    .max(
      MAX_NOTIFICATION_RULE_DELAY_MINUTES,
      `The delay may be at most ${MAX_NOTIFICATION_RULE_DELAY_MINUTES} minutes.`,
    )
    .describe('minutes after the page starts; 0 pages at once'),
  endpointId: idField('endpoint id').describe(
    "the contact method: one of the user's own endpoints, not a flow",
  ),
});

export const notificationRuleViewSchema = z.object({
  id: z.string(),
  userId: z.string(),
  urgency: z.enum(['default', 'high']),
  delayMinutes: z.number().int(),
  endpointId: z.string(),
  createdAt: z.iso.datetime(),
});

export const notificationRuleQuery = z.strictObject({
  userId: idField('user id')
    .optional()
    .describe("whose rules: the caller's when absent; others' for admins only"),
});

export type Urgency = z.output<typeof urgencyField>;
export type NotificationRuleBody = z.output<typeof notificationRuleBody>;
export type NotificationRuleView = z.output<typeof notificationRuleViewSchema>;
