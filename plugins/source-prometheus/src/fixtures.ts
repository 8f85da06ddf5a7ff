import type { SourceFixture } from '@oncall/plugin-sdk';
import firingBatch from '../fixtures/firing-batch.json' with { type: 'json' };
import instanceDown from '../fixtures/instance-down.json' with { type: 'json' };
import resolvedBatch from '../fixtures/resolved-batch.json' with { type: 'json' };

/** Webhook bodies as Prometheus Alertmanager (`version: "4"`) sends them. */
export const fixtures: readonly SourceFixture[] = [
  { name: 'two pods crash looping', payload: firingBatch, expectedStatuses: ['firing', 'firing'] },
  { name: 'both pods recovered', payload: resolvedBatch, expectedStatuses: ['resolved', 'resolved'] },
  { name: 'instance down', payload: instanceDown, expectedStatuses: ['firing'] },
];
