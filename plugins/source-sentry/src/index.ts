import { defineSource, hostRuleFields, presentText, type SourceAlert, z } from '@oncall/plugin-sdk';
import { fixtures } from './fixtures';
import { issueAlert } from './issue-alert';
import { sentryLegacyView } from './legacy-view';
import { metricAlert } from './metric-alert';
import { type EventAlert, type LegacyWebhook, sentryPayloadSchema } from './payload';

/**
 * Sentry alerts, from the legacy Webhooks plugin or an internal integration's alert-rule action
 * (issue alerts and metric alerts). The name is the Sentry alert rule. Issue alerts never
 * resolve; metric alerts do.
 */
export default defineSource({
  id: 'sentry',
  displayName: 'Sentry',
  dataSourceType: 'sentry',
  capabilities: { webhook: true, resolves: true },
  payloadSchema: sentryPayloadSchema,
  normalize(tagged) {
    switch (tagged.kind) {
      case 'metric_alert':
        return [metricAlert(tagged.payload)];
      case 'event_alert':
        return [fromEventAlert(tagged.payload)];
      case 'legacy_webhook':
        return fromLegacyWebhook(tagged.payload);
    }
  },
  fixtures,
  probe: { steps: [{ method: 'GET', path: '/api/0/' }], token: 'bearer', basic: false },
  // A rule names the Sentry alert rule whose alerts it takes.
  ruleFields: {
    fields: z.object({
      dataSourceIds: hostRuleFields.someDataSourceIds,
      dataSourceAlertName: hostRuleFields.dataSourceAlertName,
    }),
  },
  // The fields the original web UI's history tab reads (it lists no fired Sentry alerts).
  legacyView: sentryLegacyView,
});

function fromEventAlert({ data }: EventAlert): SourceAlert {
  const { event } = data;
  return issueAlert({
    rule: data.triggered_rule,
    issueId: event.issue_id,
    project: projectFromEventUrl(event.url),
    level: event.level ?? undefined,
    culprit: presentText(event.culprit),
    message: event.message ?? undefined,
    url: event.web_url,
    event,
  });
}

// One alert per rule that fired, so each can match the service rule that names it. Without any
// rule (a webhook sent by hand from the plugin's settings), the project names the alert.
function fromLegacyWebhook(payload: LegacyWebhook): SourceAlert[] {
  const project = presentText(payload.project_slug) ?? payload.project;
  const rules =
    payload.triggering_rules ?? (payload.triggered_rule === undefined ? [] : [payload.triggered_rule]);
  const named = rules.map((rule) => presentText(rule)).filter((rule) => rule !== undefined);
  return (named.length > 0 ? named : [project]).map((rule) =>
    issueAlert({
      rule,
      issueId: payload.id,
      project,
      level: payload.level ?? payload.event?.level ?? undefined,
      culprit: presentText(payload.culprit),
      message: payload.message ?? undefined,
      url: payload.url,
      event: payload.event,
    }),
  );
}

// The event's API URL is the only place an integration payload names the project's slug:
// https://sentry.io/api/0/projects/{org}/{project}/events/{id}/
function projectFromEventUrl(url: string | undefined): string | undefined {
  return url?.match(/\/projects\/[^/]+\/([^/]+)\/events\//)?.[1];
}
