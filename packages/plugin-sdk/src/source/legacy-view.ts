import type { AlertStatus } from './normalized-alert';

/**
 * One alert of a rule of the source's type as the host hands it to the source's
 * {@link LegacyView}: an alert firing now, or (as a {@link LegacyHistoryRecord}) one recorded
 * change of an alert. What the alert said when it was ingested, as `normalize` returned it, and
 * where it came from.
 *
 * - `status`: `firing` while firing (a fire, a change of severity), `resolved` for a resolve.
 * - `state`: the alert's state: `critical`, `warning` or `resolved`. A history row about no alert
 *   (an acknowledgement) has the rule's.
 * - `name`, `instance`, `summary`, `description`, `labels`, `annotations`, `details`, `link`: the
 *   alert's, as stored (`name` is `''` and the records `{}` when nothing was stored). `details`
 *   holds the plugin's documented keys and may hold the host's own (`polledFrom`, `dataSourceId`).
 * - `dataSource`: the data source the alert came through; its members are null when the host does
 *   not know it (a change recorded before the host kept it, or the source since deleted).
 * - `rule`: the rule the alert belongs to.
 * - `at`: when the change was recorded, or the alert fired (ISO 8601, UTC).
 *
 * @example
 * {
 *   status: 'firing',
 *   state: 'critical',
 *   name: 'HighMemoryUsage',
 *   instance: 'db-1:9100',
 *   summary: 'Memory above 90% on db-1',
 *   description: null,
 *   labels: { alertname: 'HighMemoryUsage', instance: 'db-1:9100' },
 *   annotations: { summary: 'Memory above 90% on db-1' },
 *   details: { generatorURL: 'https://grafana.example.com/alerting/grafana/abc/view' },
 *   link: 'https://grafana.example.com/alerting/grafana/abc/view',
 *   dataSource: { id: '0194c2d4-…', name: 'grafana main' },
 *   rule: { id: '0194c2d5-…', name: 'Memory' },
 *   at: '2024-05-01T10:00:03.000Z',
 * }
 */
export interface LegacyAlertRecord {
  readonly status: AlertStatus;
  readonly state: 'critical' | 'warning' | 'resolved';
  readonly name: string;
  readonly instance: string | null;
  readonly summary: string | null;
  readonly description: string | null;
  readonly labels: Readonly<Record<string, string>>;
  readonly annotations: Readonly<Record<string, string>>;
  readonly details: Readonly<Record<string, unknown>>;
  readonly link: string | null;
  readonly dataSource: { readonly id: string | null; readonly name: string | null };
  readonly rule: { readonly id: string; readonly name: string };
  readonly at: string;
}

/**
 * One recorded change of one alert, for a history row: a {@link LegacyAlertRecord} and `batch`:
 * of the alerts the payload, poll or evaluation run that made the change applied to the rule, how
 * many fired and how many resolved. A change made alone (an API call, a timer) counts itself; a row
 * about no alert (an acknowledgement) counts nothing.
 *
 * @example { ...record, batch: { fired: 2, resolved: 1 } }
 */
export interface LegacyHistoryRecord extends LegacyAlertRecord {
  readonly batch: { readonly fired: number; readonly resolved: number };
}

/**
 * How the original product's web UI (the legacy REST client of `/api/v1`) showed alerts of this
 * source's type: the fields its history tab and its fired-alerts table read, which the host adds to
 * the rows of `GET /api/v1/alert-rule/history/{id}` and the elements of
 * `GET /api/v1/alert-rule/triggered/{id}` for rules of this type. Only the types that UI knows
 * (grafana, pmm, prometheus, sentry, zabbix, elastic, victoria_logs) have a view to match; a new
 * source leaves it out, and its rows and elements carry the host's fields alone.
 *
 * Both functions are pure and cheap (they run for every row of a page) and return plain JSON.
 * What they return is merged over the host's fields: the host's row has `id`, `createdAt`,
 * `updatedAt`, `status` (the state in lower case), `alertname`, `instance`, `description`,
 * `labels`, `annotations`, `details`, `dataSource`; its element has those of the firing instance
 * (`instance`, `state`, `status`, `labels`, `firedAt`, …) and `alertRuleId`, `alertRuleName`. A
 * function that throws leaves the host's fields alone.
 *
 * @example
 * legacyView: {
 *   historyRow: (record) => ({
 *     status: record.status,
 *     dataSourceName: record.dataSource.name ?? '',
 *     alerts: [legacyAlertItem(record)],
 *   }),
 *   firingItem: (record) => legacyAlertItem(record),
 * }
 */
export interface LegacyView {
  /** The fields a history row adds for one recorded change of one alert. */
  historyRow(record: LegacyHistoryRecord): Readonly<Record<string, unknown>>;
  /** The fields a `triggered` element adds for one alert firing now; absent: the host's alone. */
  firingItem?(record: LegacyAlertRecord): Readonly<Record<string, unknown>>;
}

/** The original UI's code of an alert's status in its alert lists: 2 firing, 1 resolved. */
const LEGACY_STATUS_CODE: Readonly<Record<AlertStatus, number>> = { firing: 2, resolved: 1 };

/**
 * One alert as the original UI lists the alerts of a Prometheus, Grafana or PMM history row and a
 * Prometheus rule's fired alerts (its `IAlertRuleHistoryInstance`): the data source, the rule, the
 * alert's name, labels and annotations, and `skylogsStatus` (2 firing, 1 resolved).
 *
 * @example
 * legacyAlertItem(record)
 * // { dataSourceId: '0194c2d4-…', dataSourceName: 'grafana main', alertRuleId: '0194c2d5-…',
 * //   alertRuleName: 'Memory', dataSourceAlertName: 'HighMemoryUsage', labels: {…}, annotations: {…},
 * //   skylogsStatus: 2 }
 */
export function legacyAlertItem(record: LegacyAlertRecord): Readonly<Record<string, unknown>> {
  return {
    dataSourceId: record.dataSource.id ?? '',
    dataSourceName: record.dataSource.name ?? '',
    alertRuleId: record.rule.id,
    alertRuleName: record.rule.name,
    dataSourceAlertName: record.name,
    labels: record.labels,
    annotations: record.annotations,
    skylogsStatus: LEGACY_STATUS_CODE[record.status],
  };
}
