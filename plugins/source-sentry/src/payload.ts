import { z } from '@oncall/plugin-sdk';

// Sentry sends ids as strings; older installations and hand-made tests send numbers.
const id = z.union([z.string(), z.number()]).transform(String);

// Webhook events carry tags as [key, value] pairs; the REST API's shape is {key, value}. Tags are
// context, not identity: unreadable ones are dropped rather than costing the page.
const tagPair = z.union([
  z.tuple([z.string(), z.string()]).transform(([key, value]) => ({ key, value })),
  z.looseObject({ key: z.string(), value: z.string() }),
]);
const tags = z
  .array(z.unknown())
  .transform((entries) => entries.flatMap((entry) => tagPair.safeParse(entry).data ?? []))
  .catch([]);

/** The Sentry event inside an issue alert, as far as alerts use it. */
const sentryEventSchema = z.looseObject({
  event_id: z.string().optional(),
  title: z.string().optional(),
  message: z.string().nullish(),
  culprit: z.string().nullish(),
  level: z.string().nullish(),
  tags: tags.optional(),
  datetime: z.string().optional(),
  timestamp: z.number().optional(),
  url: z.string().optional(),
  web_url: z.string().optional(),
  issue_id: id.optional(),
});

export type SentryEvent = z.output<typeof sentryEventSchema>;

/**
 * The legacy Webhooks plugin (an issue alert's "Send a notification via WebHooks" action):
 * `{ id (the issue), project, project_name, project_slug, culprit, level, message, url, event,
 * triggering_rules }`; older releases send one `triggered_rule` instead of the list.
 */
const legacyWebhookSchema = z.looseObject({
  id,
  project: z.string(),
  project_slug: z.string().optional(),
  project_name: z.string().optional(),
  level: z.string().nullish(),
  culprit: z.string().nullish(),
  message: z.string().nullish(),
  url: z.string().optional(),
  triggering_rules: z.array(z.string()).optional(),
  triggered_rule: z.string().optional(),
  event: sentryEventSchema.optional(),
});

/** The integration platform's issue alert (`Sentry-Hook-Resource: event_alert`). */
const eventAlertSchema = z.looseObject({
  action: z.literal('triggered'),
  data: z.looseObject({ event: sentryEventSchema.extend({ issue_id: id }), triggered_rule: z.string() }),
});

/** The integration platform's metric alert (`Sentry-Hook-Resource: metric_alert`). */
const metricAlertSchema = z.looseObject({
  action: z.enum(['critical', 'warning', 'resolved']),
  data: z.looseObject({
    metric_alert: z.looseObject({
      id,
      identifier: id.optional(),
      projects: z.array(z.string()).optional(),
      date_started: z.string().optional(),
      date_closed: z.string().nullish(),
      alert_rule: z.looseObject({ name: z.string(), environment: z.string().nullish() }),
    }),
    description_title: z.string().optional(),
    description_text: z.string().optional(),
    web_url: z.string().optional(),
  }),
});

/**
 * Any of the three bodies Sentry posts for alerts, tagged with which one it is. Each is
 * recognised by what only it has: `data.metric_alert`, `data.event` with `action: "triggered"`,
 * or a top-level issue `id` and `project`.
 */
export const sentryPayloadSchema = z.union([
  metricAlertSchema.transform((payload) => ({ kind: 'metric_alert' as const, payload })),
  eventAlertSchema.transform((payload) => ({ kind: 'event_alert' as const, payload })),
  legacyWebhookSchema.transform((payload) => ({ kind: 'legacy_webhook' as const, payload })),
]);

export type SentryPayload = z.output<typeof sentryPayloadSchema>;
export type LegacyWebhook = z.output<typeof legacyWebhookSchema>;
export type EventAlert = z.output<typeof eventAlertSchema>;
export type MetricAlert = z.output<typeof metricAlertSchema>;
