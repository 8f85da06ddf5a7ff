import { defineSource, evaluationOptionsSchema, hostRuleFields, z } from '@oncall/plugin-sdk';
import { evaluate } from './evaluate';

/**
 * Metabase, which the service queries rather than hears from: a rule names a saved question
 * (`dataSourceAlertName`), which the service runs every interval, firing while it returns rows.
 */
export default defineSource({
  id: 'metabase',
  displayName: 'Metabase',
  dataSourceType: 'metabase',
  capabilities: { webhook: false, resolves: true },
  // The original contract's rule forms offered no Metabase data sources; its clients rely on the 422.
  legacyRuleFormPick: false,
  // Metabase API keys go in `x-api-key`; it takes no basic authentication.
  probe: { steps: [{ method: 'GET', path: '/api/health' }], token: 'x-api-key', basic: false },
  ruleFields: {
    fields: z.object({
      dataSourceIds: hostRuleFields.someDataSourceIds,
      dataSourceAlertName: hostRuleFields.dataSourceAlertName,
      // How often the question runs (see evaluationOptionsSchema); absent: every minute.
      queryObject: evaluationOptionsSchema.nullish(),
    }),
  },
  evaluate,
});
