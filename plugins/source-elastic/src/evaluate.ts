import {
  countThresholdEvaluation,
  countThresholdSettingsSchema,
  type EvaluatedRule,
  queryJson,
  type RuleEvaluation,
  type SourceConnection,
  type SourceContext,
  SourceQueryError,
  vendorErrorMessage,
  z,
} from '@oncall/plugin-sdk';

/** The time field a rule counts by when it names none: what Beats, Logstash and ECS write. */
export const DEFAULT_TIME_FIELD = '@timestamp';

const elasticSettings = countThresholdSettingsSchema.extend({
  dataviewName: z.string().min(1),
  timeField: z.string().min(1).nullish(),
});

// https://www.elastic.co/guide/en/elasticsearch/reference/current/search-count.html:
// { count: 42, _shards: { total: 1, successful: 1, skipped: 0, failed: 0 } }, and with failed
// shards `_shards.failures: [{ shard, index, reason: { type, reason } }]`.
const countAnswer = z.looseObject({
  count: z.number().int().nonnegative(),
  _shards: z.looseObject({
    total: z.number(),
    failed: z.number(),
    failures: z
      .array(z.looseObject({ reason: z.looseObject({ reason: z.string().optional() }).optional() }))
      .optional(),
  }),
});

/**
 * A rule's run: counts the documents of its data view (`dataviewName`, an index pattern such as
 * `logs-*`) matching its query string over the last `minutes` by its time field
 * (`POST /{index}/_count`), and fires when the count meets the threshold.
 */
export async function evaluate(
  source: SourceConnection,
  rule: EvaluatedRule,
  ctx: SourceContext,
): Promise<RuleEvaluation> {
  const parsed = elasticSettings.safeParse(rule.settings);
  if (!parsed.success) throw new SourceQueryError(`The rule "${rule.name}" is not a count rule.`);
  const settings = parsed.data;
  const index = settings.dataviewName.trim();
  // A slash would put the request on another API (`logs/_doc/…`) rather than the index's count.
  if (index.includes('/')) {
    throw new SourceQueryError(`The data view "${index}" is not an index pattern: it contains "/".`);
  }
  const timeField = settings.timeField?.trim() || DEFAULT_TIME_FIELD;
  const path = `/${encodeURIComponent(index)}/_count`;
  const answer = await queryJson(
    ctx,
    source,
    {
      path,
      json: {
        query: {
          bool: {
            filter: [
              { query_string: { query: settings.queryString } },
              { range: { [timeField]: { gte: `now-${settings.minutes}m` } } },
            ],
          },
        },
      },
      errorDetail: vendorErrorMessage,
    },
    countAnswer,
  );
  // A count over some shards only is no count: it would fire a lessOrEqual rule (and quiet a
  // greaterOrEqual one) because a node is down, not because the documents are missing.
  const { failed, total, failures } = answer._shards;
  if (failed > 0) {
    const reason = failures?.[0]?.reason?.reason;
    throw new SourceQueryError(
      `${failed} of ${total} shards failed to count in ${index}${reason ? `: ${reason}` : '.'}`,
    );
  }
  return countThresholdEvaluation(rule, settings, answer.count, {
    noun: 'documents',
    extra: { index, timeField },
  });
}
