import { countThresholdRuleFields, defineSource } from '@oncall/plugin-sdk';

/**
 * VictoriaLogs, which the service queries rather than hears from: a rule counts the log entries
 * matching a LogsQL query over the last minutes. Until the source evaluates rules, a data source of
 * this type is connected and probed only.
 */
export default defineSource({
  id: 'victoria-logs',
  displayName: 'VictoriaLogs',
  dataSourceType: 'victoria_logs',
  capabilities: { webhook: false, resolves: true },
  probe: {
    // VictoriaLogs serves no build info; it answers the Prometheus-style health path.
    steps: [
      { method: 'GET', path: '/api/v1/status/buildinfo' },
      { method: 'GET', path: '/-/healthy' },
    ],
    token: 'bearer',
    basic: true,
  },
  ruleFields: countThresholdRuleFields(),
});
