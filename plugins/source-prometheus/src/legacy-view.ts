import { type LegacyView, legacyAlertItem } from '@oncall/plugin-sdk';

/**
 * The original web UI's Prometheus history row (`IPrometheusAlertHistory`): how many alerts the
 * payload, poll or run fired and resolved for the rule (`countFire`, `countResolve`), and the
 * alert the row is about; its fired-alerts list (`IAlertRuleHistoryInstance`) holds each alert
 * with its data source and `skylogsStatus`.
 */
export const prometheusLegacyView: LegacyView = {
  historyRow: (record) => ({
    countFire: record.batch.fired,
    countResolve: record.batch.resolved,
    alerts: [legacyAlertItem(record)],
  }),
  firingItem: legacyAlertItem,
};
