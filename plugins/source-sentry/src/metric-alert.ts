import { compactRecord, httpUrl, isoTime, presentText, type SourceAlert } from '@oncall/plugin-sdk';
import type { MetricAlert } from './payload';

/**
 * A metric alert: one incident of a Sentry alert rule, critical or warning while open, resolved
 * when Sentry closes it. The incident id is its identity, so a critical → warning → resolved
 * sequence moves one alert.
 */
export function metricAlert({ action, data }: MetricAlert): SourceAlert {
  const incident = data.metric_alert;
  const projects = incident.projects?.join(', ');
  return {
    name: incident.alert_rule.name,
    status: action === 'resolved' ? 'resolved' : 'firing',
    severity: action === 'resolved' ? undefined : action,
    instance: presentText(projects),
    summary: presentText(data.description_title),
    description: presentText(data.description_text),
    labels: compactRecord({ project: projects, environment: incident.alert_rule.environment ?? undefined }),
    annotations: {},
    startsAt: isoTime(incident.date_started),
    endsAt: action === 'resolved' ? isoTime(incident.date_closed ?? undefined) : undefined,
    fingerprint: `sentry-metric-alert:${incident.id}`,
    details: compactRecord({ project: projects, url: httpUrl(data.web_url), incident: incident.identifier }),
    link: httpUrl(data.web_url),
  };
}
