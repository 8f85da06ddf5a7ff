import { type LegacyAlertRecord, type LegacyView, presentText } from '@oncall/plugin-sdk';
import { zabbixRuleOptions } from './rules';

/** A detail this plugin stored as text (`details.host`, `details.eventId`...), or `''`. */
function detail(record: LegacyAlertRecord, key: string): string {
  const value = record.details[key];
  return (typeof value === 'string' ? presentText(value) : undefined) ?? '';
}

/** Zabbix's name of a severity '0'..'5' (`{EVENT.SEVERITY}`), as the rule form lists them. */
function severityName(severity: string): string {
  return zabbixRuleOptions.severities?.find((option) => option.value === severity)?.label ?? '';
}

/**
 * A Zabbix event as the original web UI lists it, in history and fired alerts alike
 * (`IZabbixAlertHistory`, the media type's parameters as the original stored them):
 * `event_status` (`PROBLEM`, `RESOLVE`), `alert_subject` (the event name, else the trigger's),
 * `alert_message`, and the host, event, severity, action and trigger they came from.
 */
function zabbixEvent(record: LegacyAlertRecord): Readonly<Record<string, unknown>> {
  const severity = detail(record, 'severity');
  return {
    dataSourceId: record.dataSource.id ?? '',
    dataSourceName: record.dataSource.name ?? '',
    event_status: record.status === 'firing' ? 'PROBLEM' : 'RESOLVE',
    alert_subject: record.summary ?? record.name,
    alert_message: record.description ?? '',
    event_name: record.summary ?? record.name,
    trigger_name: record.name,
    host_name: detail(record, 'host'),
    event_id: detail(record, 'eventId'),
    event_nseverity: severity,
    event_severity: severityName(severity),
    action_name: detail(record, 'action'),
    event_time: detail(record, 'eventTime'),
    trigger_url: record.link,
  };
}

export const zabbixLegacyView: LegacyView = { historyRow: zabbixEvent, firingItem: zabbixEvent };
