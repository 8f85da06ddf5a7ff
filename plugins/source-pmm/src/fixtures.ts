import type { SourceFixture } from '@oncall/plugin-sdk';
import firingBatch from '../fixtures/firing-batch.json' with { type: 'json' };
import nodeWarning from '../fixtures/node-warning.json' with { type: 'json' };
import perconaAlerting from '../fixtures/percona-alerting.json' with { type: 'json' };
import resolved from '../fixtures/resolved.json' with { type: 'json' };

/**
 * Webhook bodies from PMM 2's Integrated Alerting (Alertmanager's format) and from Percona
 * Alerting (PMM 2.31 and later, Grafana's format).
 */
export const fixtures: readonly SourceFixture[] = [
  { name: 'MySQL down on two services', payload: firingBatch, expectedStatuses: ['firing', 'firing'] },
  { name: 'one MySQL service back', payload: resolved, expectedStatuses: ['resolved'] },
  { name: 'node CPU warning', payload: nodeWarning, expectedStatuses: ['firing'] },
  { name: 'Percona Alerting: MongoDB restarted', payload: perconaAlerting, expectedStatuses: ['firing'] },
];
