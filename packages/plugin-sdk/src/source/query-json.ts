import type { z } from 'zod';
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
}

/**
 * Sends one request to a data source with the host's fetch and signal, and parses its JSON answer
 * with `schema`. A non-2xx answer, a body that is not JSON or does not match the schema is a
 * `SourceQueryError` naming the path (never the body). A URL that already ends with the path (a
 * Zabbix URL pasted with `api_jsonrpc.php`) is used as it is.
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
  if (!response.ok) {
    await response.body?.cancel();
    throw new SourceQueryError(`HTTP ${response.status} ${where}.`);
  }
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

/** `path` under `base`, keeping its base path; a base that already ends with it is kept as it is. */
function sourceUrl(base: string, path: string, query: Readonly<Record<string, string>> = {}): URL {
  const url = new URL(base);
  const basePath = url.pathname.replace(/\/+$/, '');
  if (!basePath.endsWith(path)) url.pathname = `${basePath}${path}`;
  url.search = new URLSearchParams(query).toString();
  return url;
}
