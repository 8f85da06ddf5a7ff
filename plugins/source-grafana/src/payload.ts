import { z } from '@oncall/plugin-sdk';
import { alertmanagerAlertSchema, alertmanagerWebhookSchema } from '@oncall/prometheus-client';

/**
 * One alert of Grafana's webhook contact point: the Alertmanager alert plus Grafana's links and
 * the values of the rule's expressions. `values` is null for a contact-point test; Grafana 9 sent
 * only `valueString`.
 */
export const grafanaAlertSchema = alertmanagerAlertSchema.extend({
  silenceURL: z.string().optional(),
  dashboardURL: z.string().optional(),
  panelURL: z.string().optional(),
  values: z.record(z.string(), z.number().nullable()).nullish(),
  valueString: z.string().optional(),
});

/**
 * Grafana unified alerting's webhook body (`version: "1"`): `receiver`, `status`, `orgId`,
 * `alerts`, `groupLabels`, `commonLabels`, `commonAnnotations`, `externalURL`, `groupKey`,
 * `truncatedAlerts`, `title`, `state`, `message`. Only `alerts` is read; the rest describes the
 * notification group and is kept unchecked, so a Grafana release that changes it still pages.
 */
export const grafanaPayloadSchema = alertmanagerWebhookSchema.extend({
  alerts: z.array(grafanaAlertSchema),
});

export type GrafanaAlert = z.output<typeof grafanaAlertSchema>;
