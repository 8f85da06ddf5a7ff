import {
  compactRecord,
  defineSource,
  fingerprintOf,
  hostRuleFields,
  httpUrl,
  isoTime,
  isoTimeFromUnixSeconds,
  presentText,
  type SourceAlert,
  severityFromText,
  z,
} from '@oncall/plugin-sdk';
import { fixtures } from './fixtures';
import { type SplunkPayload, splunkPayloadSchema } from './payload';
import { fieldText, resultLabels } from './result-fields';

/**
 * Splunk's webhook alert action. The name is the saved search's name. Splunk never reports a
 * recovery, so alerts stay firing until resolved in the service.
 *
 * Identity (see `fingerprint`): one alert per saved search (app, owner, name) and result host, or
 * per the result's `fingerprint` field when the search computes one. The search id (`sid`) is new
 * on every run and result values (counts, percentages) change between runs, so neither may take
 * part: the next run about the same host is the same alert, and does not page again.
 */
export default defineSource({
  id: 'splunk',
  displayName: 'Splunk',
  dataSourceType: 'splunk',
  capabilities: { webhook: true, resolves: false },
  payloadSchema: splunkPayloadSchema,
  normalize: (payload) => [fromSplunkPayload(payload)],
  fingerprint: (alert) =>
    fingerprintOf(
      alert.details.app ?? '',
      alert.details.owner ?? '',
      alert.name,
      alert.labels.fingerprint ?? alert.instance ?? '',
    ),
  fixtures,
  probe: {
    steps: [{ method: 'GET', path: '/services/server/info', query: { output_mode: 'json' } }],
    token: 'bearer',
    basic: true,
  },
  // A rule names the saved search whose alerts it takes.
  ruleFields: {
    fields: z.object({
      dataSourceIds: hostRuleFields.someDataSourceIds,
      dataSourceAlertName: hostRuleFields.dataSourceAlertName,
    }),
  },
});

function fromSplunkPayload(payload: SplunkPayload): SourceAlert {
  const result = payload.result ?? {};
  const resultsLink = httpUrl(payload.results_link);
  return {
    name: payload.search_name,
    status: 'firing',
    severity: severityFromText(fieldText(result.severity)),
    instance: presentText(fieldText(result.host)),
    description: presentText(fieldText(result._raw)),
    labels: resultLabels(result),
    annotations: {},
    startsAt: startTime(fieldText(result._time)),
    details: compactRecord({
      searchName: payload.search_name,
      resultsLink,
      sid: payload.sid,
      app: payload.app,
      owner: payload.owner,
    }),
    link: resultsLink,
  };
}

// `_time` is ISO 8601 with an offset in JSON results, or epoch seconds when a search renders it.
function startTime(time: string | undefined): string | undefined {
  if (time === undefined) return undefined;
  return /^\d+(\.\d+)?$/.test(time) ? isoTimeFromUnixSeconds(Number(time)) : isoTime(time);
}
