import { defineSource } from '@oncall/plugin-sdk';
import { deadline } from './deadline';
import { heartbeatSettingsSchema } from './heartbeat-settings';

export { calendarToCron } from './calendar-expression';
export { nextCronRun } from './cron-schedule';
export { deadlineOf } from './deadline';
export { type HeartbeatSettings, heartbeatSettingsSchema } from './heartbeat-settings';

/**
 * Heartbeat rules (a dead man's switch): a job pings the rule's URL when it runs, and the rule
 * fires when a ping is overdue by its grace period. Nothing is pushed or queried, so the source
 * connects to no data source; the host serves the ping URL and keeps the due-at rows, this plugin
 * only says when the next ping is due.
 */
export default defineSource({
  id: 'heartbeat',
  displayName: 'Heartbeat',
  dataSourceType: 'heartbeat',
  capabilities: { webhook: false, resolves: true, dataSources: false },
  ruleFields: { fields: heartbeatSettingsSchema },
  heartbeat: { deadline },
});
