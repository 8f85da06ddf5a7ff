import {
  type EvaluatedRule,
  MAX_ERROR_BODY_BYTES,
  type QueryValidation,
  readBodyText,
  type SourceConnection,
  type SourceContext,
  SourceQueryError,
  sourceUrl,
  vendorErrorMessage,
  z,
} from '@oncall/plugin-sdk';

const textQuerySettings = z.looseObject({ queryText: z.string().min(1) });

// https://prometheus.io/docs/prometheus/latest/querying/api/#format-of-api-responses: an error
// answer is { status: 'error', errorType, error }; a malformed query is errorType `bad_data`
// (HTTP 400). VictoriaMetrics answers a query it cannot parse with HTTP 422 and errorType '422'.
const errorAnswer = z.looseObject({ status: z.literal('error'), errorType: z.string(), error: z.string() });

/**
 * Whether Prometheus (or VictoriaMetrics) can parse a text-query rule's PromQL. Asks
 * `GET /api/v1/parse_query` (Prometheus 2.47 and later), which parses without running; where that
 * path does not exist (an older Prometheus such as Debian 12's 2.42, VictoriaMetrics) it runs the
 * expression once as an instant query (`GET /api/v1/query`) and reads the refusal. Only a
 * `bad_data` answer (HTTP 400) or VictoriaMetrics' HTTP 422 refuses the query; anything else the
 * source says is thrown, so the rule is saved with a warning.
 */
export async function validateQuery(
  source: SourceConnection,
  rule: EvaluatedRule,
  ctx: SourceContext,
): Promise<QueryValidation> {
  const settings = textQuerySettings.safeParse(rule.settings);
  if (!settings.success) return { valid: true };
  const query = settings.data.queryText;
  const parsed = await ask(ctx, source, '/api/v1/parse_query', query);
  if (parsed !== 'unsupported') return parsed;
  const ran = await ask(ctx, source, '/api/v1/query', query);
  if (ran === 'unsupported') throw new SourceQueryError('HTTP 404 from /api/v1/query.');
  return ran;
}

async function ask(
  ctx: SourceContext,
  source: SourceConnection,
  path: string,
  query: string,
): Promise<QueryValidation | 'unsupported'> {
  const url = sourceUrl(source.url, path, { query });
  const response = await ctx.fetch(url, { headers: { accept: 'application/json' }, signal: ctx.signal });
  if (response.ok) {
    await response.body?.cancel();
    return { valid: true };
  }
  const text = await readBodyText(response, MAX_ERROR_BODY_BYTES);
  const refusal = refusalOf(response.status, text);
  if (refusal !== undefined) return { valid: false, field: 'queryText', message: refusal };
  // A path the server does not have: Prometheus answers 404, VictoriaMetrics 400 in plain text.
  if (response.status === 404 || (response.status === 400 && text.includes('unsupported path'))) {
    return 'unsupported';
  }
  const detail = vendorErrorMessage(text);
  throw new SourceQueryError(`HTTP ${response.status} from ${url.pathname}${detail ? `: ${detail}` : '.'}`);
}

/** The parser's message when the answer refuses the query as malformed; otherwise undefined. */
function refusalOf(status: number, text: string): string | undefined {
  if (status !== 400 && status !== 422) return undefined;
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return undefined;
  }
  const answer = errorAnswer.safeParse(body);
  if (!answer.success) return undefined;
  const { errorType } = answer.data;
  if (!(errorType === 'bad_data' || (status === 422 && errorType === '422'))) return undefined;
  return vendorErrorMessage(text);
}
