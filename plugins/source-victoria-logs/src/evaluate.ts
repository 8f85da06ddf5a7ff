import {
  countThresholdEvaluation,
  countThresholdSettingsSchema,
  type EvaluatedRule,
  queryText,
  type RuleEvaluation,
  type SourceConnection,
  type SourceContext,
  SourceQueryError,
  vendorErrorMessage,
  z,
} from '@oncall/plugin-sdk';

const PATH = '/select/logsql/query';

// A stats row as VictoriaLogs writes it: every value a string, `{"hits":"42"}`
// (https://docs.victoriametrics.com/victorialogs/logsql/#stats-pipe).
const statsRow = z.looseObject({ hits: z.string().regex(/^\d+$/) });

/**
 * The LogsQL a rule's run sends: the rule's query (filters, and pipes if it has some) followed by
 * a count of what it selects. The time window goes as `start` and `end` rather than a `_time`
 * filter, which would bind to the first of the query's `OR` terms only.
 */
export function countQuery(queryString: string): string {
  return `${queryString.trim()} | stats count() as hits`;
}

/**
 * A rule's run: counts the log entries its LogsQL query selects over the last `minutes`
 * (`GET /select/logsql/query` with `| stats count() as hits`, `start` and `end`,
 * https://docs.victoriametrics.com/victorialogs/querying/#querying-logs), and fires when the count
 * meets the threshold. The answer is JSON lines; a stats pipe without `by` writes one row.
 */
export async function evaluate(
  source: SourceConnection,
  rule: EvaluatedRule,
  ctx: SourceContext,
): Promise<RuleEvaluation> {
  const parsed = countThresholdSettingsSchema.safeParse(rule.settings);
  if (!parsed.success) throw new SourceQueryError(`The rule "${rule.name}" is not a count rule.`);
  const settings = parsed.data;
  const end = ctx.clock.now();
  const start = new Date(end.getTime() - settings.minutes * 60_000);
  const query = countQuery(settings.queryString);
  const text = await queryText(ctx, source, {
    path: PATH,
    query: { query, start: start.toISOString(), end: end.toISOString() },
    // VictoriaLogs answers a query it cannot run with 400 and the reason as plain text.
    errorDetail: vendorErrorMessage,
  });
  const count = countOf(text);
  return countThresholdEvaluation(rule, settings, count, {
    noun: 'log entries',
    extra: { logsql: query, start: start.toISOString(), end: end.toISOString() },
  });
}

/** The `hits` of the answer's one row; no row at all is a count of zero. */
function countOf(text: string): number {
  const lines = text.split('\n').filter((line) => line.trim() !== '');
  // A stats pipe over nothing may write no row; zero is what it counted.
  if (lines.length === 0) return 0;
  const [line] = lines;
  if (lines.length > 1 || line === undefined) {
    throw new SourceQueryError(`Unexpected answer from ${PATH}: ${lines.length} rows for one count.`);
  }
  let row: unknown;
  try {
    row = JSON.parse(line);
  } catch {
    throw new SourceQueryError(`The answer from ${PATH} is not JSON lines.`);
  }
  const hits = statsRow.safeParse(row);
  if (!hits.success) throw new SourceQueryError(`Unexpected answer from ${PATH}.`);
  return Number(hits.data.hits);
}
