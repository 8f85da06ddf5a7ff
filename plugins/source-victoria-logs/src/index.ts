import { countThresholdRuleFields, defineSource } from '@oncall/plugin-sdk';
import { evaluate } from './evaluate';

/**
 * VictoriaLogs, which the service queries rather than hears from: a rule counts the log entries
 * matching a LogsQL query over the last minutes, and fires when the count meets its threshold.
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
  evaluate,
});
