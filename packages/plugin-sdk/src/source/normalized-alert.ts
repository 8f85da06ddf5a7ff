/**
 * Whether the monitored condition holds. Sources that never report recovery (Splunk, Sentry issue
 * alerts) only ever say `firing`; the alert then stays open until someone resolves it.
 *
 * @example const status: AlertStatus = payload.event_value === '0' ? 'resolved' : 'firing';
 */
export type AlertStatus = 'firing' | 'resolved';

/**
 * How urgent a firing alert is, mapped from the vendor's own scale (Zabbix 0..5, Sentry levels,
 * a `severity` label). Absent when the vendor says nothing usable.
 *
 * @example const severity: AlertSeverity = severityFromText(labels.severity) ?? 'warning';
 */
export type AlertSeverity = 'critical' | 'warning' | 'info';

/**
 * One alert as a source plugin reports it from a native payload: what `normalize` returns.
 *
 * - `name` is what a rule's `dataSourceAlertName` is compared with: `labels.alertname` for
 *   Grafana, Alertmanager and PMM; the alert rule (or triggered rule) for Sentry; the saved
 *   search's name for Splunk; the trigger name for Zabbix.
 * - `labels` identify the alert instance and are what a rule's `extraField` filters match, with
 *   `annotations` (free text: summary, description, runbook links).
 * - `fingerprint` is the vendor's identity of the instance when the payload carries one (Grafana,
 *   Alertmanager, a Zabbix problem event, a Sentry issue). Leave it out otherwise: the plugin's
 *   `fingerprint` hook, or the SDK's default (sha256 of name and sorted labels), fills it in.
 * - `details` holds source-specific facts by documented keys (Zabbix `host`, `severity` '0'..'5',
 *   `action`, `eventId`; Sentry `project`, `level`, `url`; Splunk `searchName`, `resultsLink`;
 *   Grafana `generatorURL`, `dashboardURL`, `panelURL`). Zabbix rule filters match against it.
 * - Times are ISO 8601 in UTC (`2024-05-01T10:00:00.000Z`); `endsAt` is absent while firing.
 *
 * @example
 * {
 *   name: 'HighMemoryUsage',
 *   status: 'firing',
 *   severity: 'critical',
 *   instance: 'db-1:9100',
 *   summary: 'Memory above 90% on db-1',
 *   labels: { alertname: 'HighMemoryUsage', instance: 'db-1:9100', severity: 'critical' },
 *   annotations: { summary: 'Memory above 90% on db-1' },
 *   startsAt: '2024-05-01T10:00:00.000Z',
 *   fingerprint: 'c6eadffa33fcdf37',
 *   details: { generatorURL: 'https://grafana.example.com/alerting/grafana/abc/view' },
 *   link: 'https://grafana.example.com/alerting/grafana/abc/view',
 * }
 */
export interface SourceAlert {
  readonly name: string;
  readonly status: AlertStatus;
  readonly severity?: AlertSeverity;
  /** The thing that is wrong (a host, a service, a culprit), shown beside the name. */
  readonly instance?: string;
  readonly summary?: string;
  readonly description?: string;
  readonly labels: Readonly<Record<string, string>>;
  readonly annotations: Readonly<Record<string, string>>;
  readonly startsAt?: string;
  readonly endsAt?: string;
  readonly fingerprint?: string;
  readonly details: Readonly<Record<string, string>>;
  /** Where a person looks at the alert in the vendor's UI (http or https). */
  readonly link?: string;
}

/**
 * An alert ready for the host: a {@link SourceAlert} whose fingerprint is always set, as the host
 * ingests it (and `normalizeFixture` from `@oncall/plugin-sdk/testing` returns it). The
 * fingerprint is stable per alert instance: the same firing condition sent twice (or its later
 * resolve) carries the same one, which is how the host deduplicates fires and pairs a resolve
 * with its fire.
 *
 * @example
 * const { alerts } = normalizeFixture(grafana, body); // alerts[0].fingerprint === 'c6eadffa33fcdf37'
 */
export interface NormalizedAlert extends SourceAlert {
  readonly fingerprint: string;
}
