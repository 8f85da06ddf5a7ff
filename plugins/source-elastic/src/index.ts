import { countThresholdRuleFields, defineSource, z } from '@oncall/plugin-sdk';
import { evaluate } from './evaluate';
import { validateQuery } from './validate-query';

const MAX_DATAVIEW = 255;
const MAX_FIELD = 255;

/**
 * Elasticsearch, which the service queries rather than hears from: a rule counts the documents of a
 * data view matching a query over the last minutes, and fires when the count meets its threshold.
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
    // Not defaulted here, so a stored rule without it stays as it was; the run reads @timestamp.
    timeField: z
      .string({ error: 'The time field must be a string.' })
      .trim()
      .min(1, 'The time field may not be empty.')
      .max(MAX_FIELD, `The time field may not be greater than ${MAX_FIELD} characters.`)
      .nullish(),
  }),
  evaluate,
  // A query string Elasticsearch cannot parse is refused when the rule is saved.
  validateQuery,
});
