import type { SourceFixture } from '@oncall/plugin-sdk';
import contactPointTest from '../fixtures/contact-point-test.json' with { type: 'json' };
import firingBatch from '../fixtures/firing-batch.json' with { type: 'json' };
import grafana9NoData from '../fixtures/grafana9-no-data.json' with { type: 'json' };
import partlyResolved from '../fixtures/partly-resolved.json' with { type: 'json' };
import resolved from '../fixtures/resolved.json' with { type: 'json' };

/** Webhook bodies as Grafana 10/11 (and 9, for the no-data one) send them. */
export const fixtures: readonly SourceFixture[] = [
  { name: 'two instances firing', payload: firingBatch, expectedStatuses: ['firing', 'firing'] },
  {
    name: 'one still firing, one resolved',
    payload: partlyResolved,
    expectedStatuses: ['firing', 'resolved'],
  },
  { name: 'the last instance resolved', payload: resolved, expectedStatuses: ['resolved'] },
  { name: 'Grafana 9 DatasourceNoData', payload: grafana9NoData, expectedStatuses: ['firing'] },
  { name: 'contact point test', payload: contactPointTest, expectedStatuses: ['firing'] },
];
