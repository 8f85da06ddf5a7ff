import {
  dynamicOrTextQueryRuleFields,
  evaluationOptionsSchema,
  type SourceRuleFields,
  z,
} from '@oncall/plugin-sdk';

// Grafana's short uids: letters, digits, - and _, at most 40 (its `util.IsValidShortUID`).
const MAX_UID = 40;

/**
 * The uid of the Grafana data source (a Prometheus one) a textQuery rule is queried through, in the
 * rule's `queryObject` beside its evaluation options.
 */
export const datasourceUidSchema = z
  .string({ error: 'The datasource uid field is required.' })
  .min(1, 'The datasource uid field is required.')
  .max(MAX_UID, `The datasource uid may not be greater than ${MAX_UID} characters.`)
  .regex(/^[a-zA-Z0-9_-]+$/, 'The datasource uid may only contain letters, digits, - and _.');

/**
 * Grafana's rule fields: the shared dynamic and textQuery variants, a textQuery rule's
 * `queryObject` required and naming the data source (`datasourceUid`), since Grafana queries
 * through one of its own data sources. Checked by a refinement rather than by extending the
 * options' object, which zod refuses for a refined one, or by an intersection, which reports a
 * missing object twice.
 */
export function grafanaRuleFields(): SourceRuleFields {
  const shared = dynamicOrTextQueryRuleFields({ requireDataSources: true });
  const variants = 'byQueryType' in shared ? shared.byQueryType : {};
  const { dynamic, textQuery } = variants;
  if (dynamic === undefined || textQuery === undefined) {
    throw new Error('dynamicOrTextQueryRuleFields must define the dynamic and textQuery variants.');
  }
  return {
    byQueryType: {
      dynamic,
      textQuery: textQuery.extend({
        queryObject: evaluationOptionsSchema.superRefine((options, ctx) => {
          const uid = datasourceUidSchema.safeParse(options.datasourceUid);
          for (const issue of uid.error?.issues ?? []) {
            ctx.addIssue({ code: 'custom', path: ['datasourceUid'], message: issue.message });
          }
        }),
      }),
    },
  };
}
