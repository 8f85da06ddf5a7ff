import type { z } from 'zod';
import { MAX_ERROR_BODY_BYTES, readBodyText } from '../read-body-text';
import type { SourceConnection, SourceContext } from './query-hooks';

/**
 * A query hook's failure in words an operator can act on (`HTTP 401 from /api/v1/rules.`). The
 * host shows its message as the reason a data source did not answer, so it must never carry a
 * secret or a response body.
 *
 * @example throw new SourceQueryError(`Zabbix refused host.get: ${error.message}`);
 */
export class SourceQueryError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SourceQueryError';
  }
}

/**
 * One JSON request of a query hook: a path under the data source's URL.
 *
 * @example { path: '/api/v1/rules', query: { type: 'alert' } }
 * @example { path: '/api_jsonrpc.php', json: { jsonrpc: '2.0', method: 'host.get', params: { output: ['name'] }, id: 1 } }
 */
export interface SourceJsonRequest {
  /** Appended to the data source's URL, keeping its base path (Grafana under `/grafana`). */
  readonly path: string;
  readonly query?: Readonly<Record<string, string>>;
  /** Sent as a POST body; the request is a GET without it. */
  readonly json?: unknown;
  /** Extra headers (a JSON-RPC content type, a session token). */
  readonly headers?: Readonly<Record<string, string>>;
  /**
   * Reads the vendor's own error message from the start of a non-2xx answer (at most 4 KiB of
   * it), to follow `HTTP 400 from /path:` in the error; `vendorErrorMessage` reads the usual
   * shapes. Absent: the error names the status and the path only.
   */
  readonly errorDetail?: (text: string) => string | undefined;
}

/**
 * Sends one request to a data source with the host's fetch and signal, and parses its JSON answer
 * with `schema`. A non-2xx answer, a body that is not JSON or does not match the schema is a
 * `SourceQueryError` naming the path (never the body; the vendor's error message only when
 * `request.errorDetail` reads one). A URL that already ends with the path (a Zabbix URL pasted with
 * `api_jsonrpc.php`) is used as it is. A request that gets no answer (refused, timed out on
 * `ctx.signal`) rejects with the fetch's own error, which the host words.
 *
 * @example
 * const answer = await queryJson(ctx, source, { path: '/api/v1/labels' }, z.object({ data: z.array(z.string()) }));
 */
export async function queryJson<S extends z.ZodType>(
  ctx: SourceContext,
  source: SourceConnection,
  request: SourceJsonRequest,
  schema: S,
): Promise<z.output<S>> {
  const { response, where } = await send(ctx, source, request);
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    throw new SourceQueryError(`The answer ${where} is not JSON.`);
  }
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw new SourceQueryError(`Unexpected answer ${where}.`);
  return parsed.data;
}

/**
 * As {@link queryJson}, for an API that answers text (JSON lines, CSV): the body of a 2xx answer
 * as text, for the caller to parse. A non-2xx answer is a `SourceQueryError` as there.
 *
 * @example
 * const lines = (await queryText(ctx, source, { path: '/select/logsql/query', query: { query } })).split('\n');
 */
export async function queryText(
  ctx: SourceContext,
  source: SourceConnection,
  request: SourceJsonRequest,
): Promise<string> {
  const { response } = await send(ctx, source, request);
  return response.text();
}

/**
 * The error message a vendor put in an error answer, one line of at most 300 characters: a JSON
 * body's `error` (Prometheus, VictoriaMetrics), `error.root_cause[0].reason` or `error.reason`
 * (Elasticsearch), `message` (Grafana, Metabase); else the first line of a plain-text body
 * (VictoriaLogs). An HTML page or an empty body gives `undefined`. For `errorDetail`.
 *
 * @example vendorErrorMessage('{"status":"error","errorType":"bad_data","error":"parse error"}') // 'parse error'
 * @example vendorErrorMessage('{"error":{"type":"index_not_found_exception","reason":"no such index [logs]"},"status":404}') // 'no such index [logs]'
 */
export function vendorErrorMessage(text: string): string | undefined {
  const trimmed = text.trim();
  if (trimmed === '' || trimmed.startsWith('<')) return undefined;
  let message: unknown = trimmed.split(/\r?\n/, 1)[0];
  try {
    message = messageOf(JSON.parse(trimmed));
  } catch {
    // Not JSON: the first line of text is the message.
  }
  if (typeof message !== 'string') return undefined;
  const line = message.replace(/\s+/g, ' ').trim();
  if (line === '') return undefined;
  return line.length > MAX_MESSAGE_CHARS ? `${line.slice(0, MAX_MESSAGE_CHARS - 1)}…` : line;
}

const MAX_MESSAGE_CHARS = 300;

function messageOf(body: unknown): unknown {
  if (typeof body !== 'object' || body === null) return undefined;
  const record = body as Record<string, unknown>;
  const { error } = record;
  if (typeof error === 'string') return error;
  if (typeof error === 'object' && error !== null) {
    // Elasticsearch's own `reason` is often only "all shards failed"; the root cause says why.
    const nested = error as Record<string, unknown>;
    const [cause] = Array.isArray(nested.root_cause) ? nested.root_cause : [];
    if (typeof cause === 'object' && cause !== null && 'reason' in cause) return cause.reason;
    if (typeof nested.reason === 'string') return nested.reason;
  }
  return record.message;
}

/** Sends the request; a non-2xx answer throws, with the vendor's message when asked for. */
async function send(
  ctx: SourceContext,
  source: SourceConnection,
  request: SourceJsonRequest,
): Promise<{ response: Response; where: string }> {
  const url = sourceUrl(source.url, request.path, request.query);
  const post = request.json !== undefined;
  const response = await ctx.fetch(url, {
    method: post ? 'POST' : 'GET',
    headers: {
      accept: 'application/json',
      ...(post ? { 'content-type': 'application/json' } : {}),
      ...request.headers,
    },
    body: post ? JSON.stringify(request.json) : undefined,
    signal: ctx.signal,
  });
  const where = `from ${url.pathname}`;
  if (response.ok) return { response, where };
  if (request.errorDetail === undefined) {
    await response.body?.cancel();
    throw new SourceQueryError(`HTTP ${response.status} ${where}.`);
  }
  const detail = request.errorDetail(await readBodyText(response, MAX_ERROR_BODY_BYTES));
  throw new SourceQueryError(
    detail === undefined
      ? `HTTP ${response.status} ${where}.`
      : `HTTP ${response.status} ${where}: ${detail}`,
  );
}

/** `path` under `base`, keeping its base path; a base that already ends with it is kept as it is. */
export function sourceUrl(base: string, path: string, query: Readonly<Record<string, string>> = {}): URL {
  const url = new URL(base);
  const basePath = url.pathname.replace(/\/+$/, '');
  if (!basePath.endsWith(path)) url.pathname = `${basePath}${path}`;
  url.search = new URLSearchParams(query).toString();
  return url;
}
