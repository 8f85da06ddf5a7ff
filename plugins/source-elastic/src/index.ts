import { countThresholdRuleFields, defineSource, z } from '@oncall/plugin-sdk';

const MAX_DATAVIEW = 255;

/**
 * Elasticsearch, which the service queries rather than hears from: a rule counts the documents of a
 * data view matching a query over the last minutes. Until the source evaluates rules, a data source
 * of this type is connected and probed only.
 */
export default defineSource({
  id: 'elastic',
  displayName: 'Elasticsearch',
  dataSourceType: 'elastic',
  capabilities: { webhook: false, resolves: true },
  // `GET /` answers the cluster's name and version; API keys go as `ApiKey <base64 id:key>`.
  probe: { steps: [{ method: 'GET', path: '/' }], token: 'api-key', basic: true },
  ruleFields: countThresholdRuleFields({
    dataviewName: z
      .string({ error: 'The dataview name field is required.' })
      .trim()
      .min(1, 'The dataview name field is required.')
      .max(MAX_DATAVIEW, `The dataview name may not be greater than ${MAX_DATAVIEW} characters.`),
    dataviewTitle: z
      .string({ error: 'The dataview title must be a string.' })
      .trim()
      .max(MAX_DATAVIEW, `The dataview title may not be greater than ${MAX_DATAVIEW} characters.`)
      .nullish(),
  }),
});
