import { defineSource, hostRuleFields, httpUrl, isoTime, presentText, z } from '../../src';
import down from './uptime-kuma/down.json' with { type: 'json' };
import testMessage from './uptime-kuma/test-message.json' with { type: 'json' };
import up from './uptime-kuma/up.json' with { type: 'json' };

// Uptime Kuma's heartbeat statuses; 2 (pending) and 3 (maintenance) are not alerts.
const DOWN = 0;
const UP = 1;

/** Uptime Kuma (https://github.com/louislam/uptime-kuma) webhook notifications. */
export default defineSource({
  id: 'uptime-kuma',
  displayName: 'Uptime Kuma',
  dataSourceType: 'uptime_kuma',
  capabilities: { webhook: true, resolves: true },
  payloadSchema: z.looseObject({
    heartbeat: z.looseObject({ status: z.number(), msg: z.string().optional(), time: z.string() }).nullable(),
    monitor: z.looseObject({ id: z.number(), name: z.string(), url: z.string().nullish() }).nullable(),
    msg: z.string(),
  }),
  normalize({ heartbeat, monitor, msg }) {
    // The "Test" button sends a bare message with no heartbeat or monitor: nothing to alert on.
    if (heartbeat === null || monitor === null) return [];
    if (heartbeat.status !== DOWN && heartbeat.status !== UP) return [];
    const isDown = heartbeat.status === DOWN;
    // Heartbeat times are UTC without a zone ("2024-09-24 23:51:35.527").
    const at = isoTime(`${heartbeat.time.replace(' ', 'T')}Z`);
    return [
      {
        name: monitor.name,
        status: isDown ? 'firing' : 'resolved',
        severity: 'critical',
        instance: presentText(monitor.url),
        summary: msg,
        description: presentText(heartbeat.msg),
        labels: { monitor: monitor.name, monitor_id: String(monitor.id) },
        annotations: {},
        startsAt: isDown ? at : undefined,
        endsAt: isDown ? undefined : at,
        details: {},
        link: httpUrl(monitor.url),
      },
    ];
  },
  fixtures: [
    { name: 'monitor down', payload: down, expectedStatuses: ['firing'] },
    { name: 'monitor up again', payload: up, expectedStatuses: ['resolved'] },
    { name: 'test button', payload: testMessage, expectedStatuses: [] },
  ],
  // A rule listens to its Uptime Kuma data sources: to every monitor, or to the one it names.
  ruleFields: {
    fields: z.object({
      dataSourceIds: hostRuleFields.someDataSourceIds,
      dataSourceAlertName: hostRuleFields.dataSourceAlertName.optional(),
    }),
  },
});
