import type { SourceFixture } from '@oncall/plugin-sdk';
import eventAlert from '../fixtures/event-alert.json' with { type: 'json' };
import legacyIssue from '../fixtures/legacy-issue.json' with { type: 'json' };
import legacyTriggeredRule from '../fixtures/legacy-triggered-rule.json' with { type: 'json' };
import legacyTwoRules from '../fixtures/legacy-two-rules.json' with { type: 'json' };
import metricCritical from '../fixtures/metric-critical.json' with { type: 'json' };
import metricResolved from '../fixtures/metric-resolved.json' with { type: 'json' };
import metricWarning from '../fixtures/metric-warning.json' with { type: 'json' };

/** Bodies of the legacy Webhooks plugin and of the integration platform's alert webhooks. */
export const fixtures: readonly SourceFixture[] = [
  { name: 'legacy webhook: issue alert', payload: legacyIssue, expectedStatuses: ['firing'] },
  {
    name: 'legacy webhook: two rules fired',
    payload: legacyTwoRules,
    expectedStatuses: ['firing', 'firing'],
  },
  { name: 'legacy webhook: triggered_rule', payload: legacyTriggeredRule, expectedStatuses: ['firing'] },
  { name: 'integration: issue alert', payload: eventAlert, expectedStatuses: ['firing'] },
  { name: 'integration: metric alert critical', payload: metricCritical, expectedStatuses: ['firing'] },
  { name: 'integration: metric alert warning', payload: metricWarning, expectedStatuses: ['firing'] },
  { name: 'integration: metric alert resolved', payload: metricResolved, expectedStatuses: ['resolved'] },
];
