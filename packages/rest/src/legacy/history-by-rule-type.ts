import { alertHistoryEntrySchema } from '@oncall/contracts';
import type { HistoryEntry } from '@oncall/core';
import { z } from 'zod';

/** A history row on REST: the entry with its status in lower case and the rule type's fields beside it. */
export const legacyHistoryRowSchema = z.looseObject({
  ...alertHistoryEntrySchema.shape,
  status: z
    .string()
    .describe(
      "Changed: the row's state in lower case (`critical`, `warning`, `resolved`...), `firing` or " +
        '`resolved` on grafana and pmm rules. It was the label now in `statusLabel`.',
    ),
  statusLabel: alertHistoryEntrySchema.shape.status,
});

/** What a history row says about its alert, as labels and annotations. */
function alertOf(entry: HistoryEntry) {
  const labels = {
    ...(entry.alertname === null ? {} : { alertname: entry.alertname }),
    ...(entry.instance === null ? {} : { instance: entry.instance }),
  };
  const annotations = entry.description === null ? {} : { description: entry.description };
  return { alertname: entry.alertname ?? '', labels, annotations };
}

const isResolution = (entry: HistoryEntry) => entry.kind === 'resolved' || entry.kind === 'auto_resolved';

/**
 * The fields each history tab of the original web UI reads for the rule's type, added beside the
 * row's own. `status` becomes the row's state in lower case (`critical`, `resolved`...) as the
 * UI's status chip takes it, `firing`/`resolved` for grafana and pmm rows; the label it held
 * (`Firing`, `Resolved`...) stays as `statusLabel`.
 */
export function historyRowForType(type: string, entry: HistoryEntry) {
  const state = entry.state ?? entry.ruleState;
  const row = { ...entry, status: state as string, statusLabel: entry.status };
  const alert = alertOf(entry);
  switch (type) {
    case 'grafana':
    case 'pmm':
      return {
        ...row,
        status: isResolution(entry) ? 'resolved' : 'firing',
        dataSourceName: '',
        title: alert.alertname,
        message: entry.description ?? '',
        alerts: [{ labels: alert.labels, annotations: alert.annotations }],
      };
    case 'sentry':
      return {
        ...row,
        action: isResolution(entry) ? 'resolved' : 'triggered',
        data: { description_title: alert.alertname, description_text: entry.description ?? '', web_url: '' },
        url: '',
      };
    case 'prometheus':
      return {
        ...row,
        countFire: isResolution(entry) ? 0 : 1,
        countResolve: isResolution(entry) ? 1 : 0,
        alerts: [{ labels: alert.labels, annotations: alert.annotations }],
      };
    case 'zabbix':
      return {
        ...row,
        event_status: isResolution(entry) ? 'RESOLVE' : 'PROBLEM',
        alert_subject: alert.alertname,
        alert_message: entry.description ?? '',
      };
    default:
      return row;
  }
}
