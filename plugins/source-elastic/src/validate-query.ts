import {
  type EvaluatedRule,
  type QueryValidation,
  queryJson,
  type SourceConnection,
  type SourceContext,
  vendorErrorMessage,
  z,
} from '@oncall/plugin-sdk';

const MAX_MESSAGE_CHARS = 300;

const querySettings = z.looseObject({ dataviewName: z.string().min(1), queryString: z.string().min(1) });

// https://www.elastic.co/guide/en/elasticsearch/reference/current/search-validate.html: with
// `explain=true`, { valid, _shards, explanations: [{ index, valid, error? }] }, the error being
// the parser's reason for a query it refuses.
const validateAnswer = z.looseObject({
  valid: z.boolean(),
  explanations: z
    .array(z.looseObject({ valid: z.boolean().optional(), error: z.string().optional() }))
    .optional(),
  error: z.string().optional(),
});

/**
 * Whether Elasticsearch can parse a rule's query string, as the run sends it
 * (`POST /{dataview}/_validate/query?explain=true`). A data view that does not exist yet or a
 * source that does not answer is thrown (the rule is saved with a warning), not refused.
 */
export async function validateQuery(
  source: SourceConnection,
  rule: EvaluatedRule,
  ctx: SourceContext,
): Promise<QueryValidation> {
  const settings = querySettings.safeParse(rule.settings);
  if (!settings.success) return { valid: true };
  const index = settings.data.dataviewName.trim();
  if (index.includes('/')) return { valid: true };
  const answer = await queryJson(
    ctx,
    source,
    {
      path: `/${encodeURIComponent(index)}/_validate/query`,
      query: { explain: 'true' },
      json: { query: { query_string: { query: settings.data.queryString } } },
      errorDetail: vendorErrorMessage,
    },
    validateAnswer,
  );
  if (answer.valid) return { valid: true };
  const reason = answer.explanations?.find((e) => e.error !== undefined)?.error ?? answer.error;
  const line = (reason ?? 'Elasticsearch cannot parse the query.').replace(/\s+/g, ' ').trim();
  return {
    valid: false,
    field: 'queryString',
    message: line.length > MAX_MESSAGE_CHARS ? `${line.slice(0, MAX_MESSAGE_CHARS - 1)}…` : line,
  };
}
