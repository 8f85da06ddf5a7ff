import type { SourceFixture } from '@oncall/plugin-sdk';
import diskFull from '../fixtures/disk-full.json' with { type: 'json' };
import diskFullNextRun from '../fixtures/disk-full-next-run.json' with { type: 'json' };
import diskFullOtherHost from '../fixtures/disk-full-other-host.json' with { type: 'json' };
import failedLogins from '../fixtures/failed-logins.json' with { type: 'json' };
import noResults from '../fixtures/no-results.json' with { type: 'json' };

/** Webhook alert action bodies. Splunk sends one per triggered alert (or per result), never a resolve. */
export const fixtures: readonly SourceFixture[] = [
  { name: 'disk full on web-3', payload: diskFull, expectedStatuses: ['firing'] },
  { name: 'disk full on web-3, next run', payload: diskFullNextRun, expectedStatuses: ['firing'] },
  { name: 'disk full on web-7', payload: diskFullOtherHost, expectedStatuses: ['firing'] },
  { name: 'failed logins with a fingerprint field', payload: failedLogins, expectedStatuses: ['firing'] },
  { name: 'zero-results alert', payload: noResults, expectedStatuses: ['firing'] },
];
