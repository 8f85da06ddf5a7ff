import { defineSource, hostRuleFields, z } from '@oncall/plugin-sdk';

/**
 * Metabase, which the service queries rather than hears from: a rule names the Metabase alert it
 * follows. Until the source evaluates rules, a data source of this type is connected and probed
 * only.
 */
export default defineSource({
  id: 'metabase',
  displayName: 'Metabase',
  dataSourceType: 'metabase',
  capabilities: { webhook: false, resolves: true },
  // Metabase API keys go in `x-api-key`; it takes no basic authentication.
  probe: { steps: [{ method: 'GET', path: '/api/health' }], token: 'x-api-key', basic: false },
  ruleFields: {
    fields: z.object({
      dataSourceIds: hostRuleFields.someDataSourceIds,
      dataSourceAlertName: hostRuleFields.dataSourceAlertName,
    }),
  },
});
