import {
  type AlertSeverity,
  compactRecord,
  defineSource,
  httpUrl,
  isoTime,
  isoTimeFromUnixSeconds,
  type SourceAlert,
} from '@oncall/plugin-sdk';
import { fixtures } from './fixtures';
import { zabbixLegacyView } from './legacy-view';
import { listActions, listHosts } from './lists';
import { type ZabbixEvent, zabbixPayloadSchema } from './payload';
import { zabbixProbe } from './probe';
import { matchesZabbixRule, zabbixRuleFields, zabbixRuleOptions } from './rules';

// Zabbix 0 not classified, 1 information, 2 warning, 3 average, 4 high, 5 disaster.
const SEVERITY: Readonly<Record<string, AlertSeverity>> = {
  '0': 'info',
  '1': 'info',
  '2': 'warning',
  '3': 'warning',
  '4': 'critical',
  '5': 'critical',
};

/**
 * Zabbix, through a webhook media type. One event per request, named by its trigger. The
 * fingerprint is the problem's event id: a recovery message carries the id of the problem it ends
 * in `{EVENT.ID}`, and two problems of one trigger (multiple problem generation) stay apart.
 * Rules match on `details.host`, `details.action` and `details.severity` ('0'..'5').
 */
export default defineSource({
  id: 'zabbix',
  displayName: 'Zabbix',
  dataSourceType: 'zabbix',
  capabilities: { webhook: true, resolves: true },
  payloadSchema: zabbixPayloadSchema,
  normalize: (event) => [fromZabbixEvent(event)],
  fixtures,
  probe: zabbixProbe,
  ruleFields: zabbixRuleFields,
  ruleOptions: zabbixRuleOptions,
  matches: matchesZabbixRule,
  // The rule form's host and action lists, from the JSON-RPC API (Zabbix 6.4 and later).
  formLists: {
    names: ['hosts', 'actions'],
    read: async (source, ctx) => ({
      hosts: await listHosts(source, ctx),
      actions: await listActions(source, ctx),
    }),
  },
  // The fields the original web UI's history tab and fired list read.
  legacyView: zabbixLegacyView,
});

function fromZabbixEvent(event: ZabbixEvent): SourceAlert {
  const tagLabels = Object.fromEntries(event.tags.map(({ tag, value }) => [tag, value ?? '']));
  return {
    name: event.name,
    status: event.status,
    severity: event.severity === undefined ? undefined : SEVERITY[event.severity],
    instance: event.host,
    summary: event.event_name,
    description: event.message,
    // Tags first, so a tag named "host" cannot hide the host the rule filters match.
    labels: { ...tagLabels, ...compactRecord({ host: event.host }) },
    annotations: {},
    startsAt: startTime(event.event_time),
    fingerprint: event.event_id === undefined ? undefined : `zabbix-event:${event.event_id}`,
    details: compactRecord({
      host: event.host,
      severity: event.severity,
      action: event.action,
      eventId: event.event_id,
      eventTime: event.event_time,
    }),
    link: httpUrl(event.url),
  };
}

// `{EVENT.DATE} {EVENT.TIME}` is the Zabbix server's local time with no zone, so it cannot be
// placed on the timeline; it stays in `details.eventTime` as sent. Zoned ISO times and Unix
// seconds, which custom senders use, are exact.
function startTime(eventTime: string | undefined): string | undefined {
  if (eventTime === undefined) return undefined;
  return /^\d+$/.test(eventTime) ? isoTimeFromUnixSeconds(Number(eventTime)) : isoTime(eventTime);
}
