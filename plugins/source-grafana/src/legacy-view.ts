import { type LegacyView, legacyAlertItem } from '@oncall/plugin-sdk';

/**
 * The original web UI's Grafana history row (`IGrafanaAndPmmAlertHistory`): one notification of
 * the rule with its alerts, `status` as Grafana says it (`firing`, `resolved`), the data source,
 * `title` (the alert's name) and `message` (its summary, else its description). Its fired-alerts
 * list holds the alerts as its other lists do.
 */
export const grafanaLegacyView: LegacyView = {
  historyRow: (record) => ({
    status: record.status,
    dataSourceId: record.dataSource.id ?? '',
    dataSourceName: record.dataSource.name ?? '',
    title: record.name,
    message: record.summary ?? record.description ?? '',
    alerts: [legacyAlertItem(record)],
  }),
  firingItem: (record) => ({ ...legacyAlertItem(record), status: record.status }),
};
