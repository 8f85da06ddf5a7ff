import type { DATA_SOURCE_TYPE_VALUES } from '@oncall/contracts';
import { type FakeReply, jsonReply, textReply } from './fake-reply';
import { type RecordingHttpServer, startRecordingHttpServer } from './recording-http-server';

/** One request to a fake monitoring system, as a status check sends it. */
export interface MonitoringRequest {
  readonly method: string;
  readonly path: string;
  readonly query: Readonly<Record<string, string>>;
  readonly authorization: string | undefined;
  readonly apiKey: string | undefined;
  readonly body: string;
}

/** The types the wire contract lists: `ROUTES` must fake every one. */
type DataSourceType = (typeof DATA_SOURCE_TYPE_VALUES)[number];

type Route = (request: MonitoringRequest) => FakeReply | undefined;

const get =
  (path: string, reply: FakeReply): Route =>
  (request) =>
    request.method === 'GET' && request.path === path ? reply : undefined;

const NOT_FOUND = textReply(404, '404 page not found');

/** Zabbix answers every call with 200; a failure is a JSON-RPC error object. */
const zabbixRpc: Route = (request) => {
  if (request.method !== 'POST' || request.path !== '/api_jsonrpc.php') return undefined;
  const call = JSON.parse(request.body || '{}') as { method?: string; id?: number; auth?: unknown };
  if (call.method !== 'apiinfo.version') {
    return jsonReply(200, {
      jsonrpc: '2.0',
      error: { code: -32601, message: 'Method not found.' },
      id: call.id,
    });
  }
  if (call.auth !== undefined || request.authorization !== undefined) {
    const data = 'The "apiinfo.version" method must be called without the "auth" parameter.';
    return jsonReply(200, {
      jsonrpc: '2.0',
      error: { code: -32602, message: 'Invalid params.', data },
      id: call.id,
    });
  }
  return jsonReply(200, { jsonrpc: '2.0', result: '7.0.4', id: call.id });
};

/**
 * The paths each product really serves for a health or version check, with the answers they give.
 * VictoriaLogs has no build-info path and PMM's server root none of the Prometheus ones, so their
 * fakes exercise a checker's fallbacks.
 */
const ROUTES: Record<DataSourceType, Route[]> = {
  prometheus: [
    get('/api/v1/status/buildinfo', jsonReply(200, { status: 'success', data: { version: '2.53.1' } })),
    get('/-/healthy', textReply(200, 'Prometheus Server is Healthy.\n')),
  ],
  victoria_logs: [get('/-/healthy', textReply(200, 'VictoriaLogs is Healthy.\n'))],
  pmm: [get('/v1/readyz', jsonReply(200, {}))],
  grafana: [get('/api/health', jsonReply(200, { database: 'ok', version: '11.1.0' }))],
  elastic: [
    get(
      '/',
      jsonReply(200, {
        cluster_name: 'fake',
        version: { number: '8.14.3' },
        tagline: 'You Know, for Search',
      }),
    ),
  ],
  zabbix: [zabbixRpc],
  sentry: [get('/api/0/', jsonReply(200, { version: '0', auth: null, user: null }))],
  splunk: [get('/services/server/info', jsonReply(200, { entry: [{ content: { version: '9.2.1' } }] }))],
  metabase: [get('/api/health', jsonReply(200, { status: 'ok' }))],
};

/**
 * A fake of one monitoring product's HTTP API on 127.0.0.1, answering its health or version path
 * (404 elsewhere) and recording each request with its credentials. `replyNext` scripts failures.
 *
 * @example const grafana = await startFakeMonitoringSystem('grafana'); // grafana.url → http://127.0.0.1:port
 */
export function startFakeMonitoringSystem(
  type: DataSourceType,
): Promise<RecordingHttpServer<MonitoringRequest>> {
  return startRecordingHttpServer<MonitoringRequest>({
    record: ({ method, url, headers, body }) => ({
      method,
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      authorization: headers.authorization,
      apiKey: typeof headers['x-api-key'] === 'string' ? headers['x-api-key'] : undefined,
      body,
    }),
    defaultReply: (request) => {
      for (const route of ROUTES[type]) {
        const reply = route(request);
        if (reply) return reply;
      }
      return NOT_FOUND;
    },
  });
}
