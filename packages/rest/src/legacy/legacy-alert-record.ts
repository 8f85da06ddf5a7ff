import type { AlertState, DataSourceName } from '@oncall/core';
import type { AlertStatus, LegacyAlertRecord } from '@oncall/plugin-sdk';

/** The rule a history row or a firing alert belongs to. */
export interface RuleRef {
  id: string;
  name: string;
  type: string;
}

/** What of a history entry or a firing instance a source's legacy view is told. */
export interface StoredAlert {
  alertname: string | null;
  instance: string | null;
  summary: string | null;
  description: string | null;
  labels: Record<string, string> | null;
  annotations: Record<string, string> | null;
  details: Record<string, unknown> | null;
  dataSource: DataSourceName | null;
}

/** A rule's state as the legacy views see an alert's: firing (critical, warning) or resolved. */
export function alertStateOf(state: AlertState): LegacyAlertRecord['state'] {
  return state === 'critical' || state === 'warning' ? state : 'resolved';
}

export function alertStatusOf(state: LegacyAlertRecord['state']): AlertStatus {
  return state === 'resolved' ? 'resolved' : 'firing';
}

/** The record a source's legacy view reads, from what the service stored of the alert. */
export function legacyAlertRecord(
  rule: RuleRef,
  alert: StoredAlert,
  state: LegacyAlertRecord['state'],
  at: string,
): LegacyAlertRecord {
  const details = alert.details ?? {};
  return {
    status: alertStatusOf(state),
    state,
    name: alert.alertname ?? '',
    instance: alert.instance,
    summary: alert.summary,
    description: alert.description,
    labels: alert.labels ?? {},
    annotations: alert.annotations ?? {},
    details,
    link: typeof details.link === 'string' ? details.link : null,
    dataSource: { id: alert.dataSource?.id ?? null, name: alert.dataSource?.name ?? null },
    rule: { id: rule.id, name: rule.name },
    at,
  };
}

/**
 * A source's legacy fields, or none when its view throws: a plugin's mistake costs those fields,
 * never the page that lists the rule's history or alerts.
 */
export function viewFields(
  view: (() => Readonly<Record<string, unknown>>) | undefined,
): Readonly<Record<string, unknown>> {
  if (!view) return {};
  try {
    return view();
  } catch {
    return {};
  }
}
