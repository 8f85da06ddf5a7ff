import { type FakeReply, jsonReply, textReply } from './fake-reply';
import { type RecordingHttpServer, startRecordingHttpServer } from './recording-http-server';
import type { TestCertificate } from './self-signed-certificate';

/** One request to a fake monitoring system, as a status check or a list query sends it. */
export interface MonitoringRequest {
  readonly method: string;
  readonly path: string;
  readonly query: Readonly<Record<string, string>>;
  readonly authorization: string | undefined;
  readonly apiKey: string | undefined;
  readonly body: string;
}

/** The data-source types of the built-in source plugins, in their catalog order: `routes` fakes every one. */
export const FAKE_MONITORING_SYSTEM_TYPES = [
  'prometheus',
  'grafana',
  'pmm',
  'sentry',
  'splunk',
  'metabase',
  'zabbix',
  'elastic',
  'victoria_logs',
] as const;
type DataSourceType = (typeof FAKE_MONITORING_SYSTEM_TYPES)[number];

/**
 * What a fake's list APIs answer: rule names (Prometheus and Grafana rules APIs), label names and
 * values (Prometheus label APIs), host and action names (Zabbix `host.get`, `action.get`).
 */
export interface FakeListData {
  readonly rules: readonly string[];
  /** Label name → its values; the label names are the keys. */
  readonly labels: Readonly<Record<string, readonly string[]>>;
  readonly hosts: readonly string[];
  readonly actions: readonly string[];
}

export const FAKE_LIST_DATA: FakeListData = {
  rules: ['HighErrorRate', 'InstanceDown'],
  labels: { __name__: ['up'], job: ['node', 'api'], instance: ['10.0.0.1:9100'] },
  hosts: ['db-1', 'Zabbix server'],
  actions: ['Report problems to Zabbix administrators'],
};

/** The Zabbix user the fake lets log in (`user.login`), and the session it hands out. */
export const FAKE_ZABBIX_LOGIN = { username: 'Admin', password: 'zabbix', session: 'fake-zabbix-session' };

interface FakeMonitoringOptions {
  /** What the list APIs answer; FAKE_LIST_DATA by default. */
  readonly lists?: FakeListData;
  /** The API token Zabbix accepts besides the session; any token is refused without it. */
  readonly zabbixApiToken?: string;
  /**
   * The Zabbix release faked (default `7.0.4`): before 6.4 a credential is read from the body's
   * `auth` only, and before 5.4 `user.login` takes `user`, not `username`.
   */
  readonly zabbixVersion?: string;
  /** Speak HTTPS with this certificate (see `selfSignedCertificate`). */
  readonly tls?: TestCertificate;
}

type Route = (request: MonitoringRequest) => FakeReply | undefined;

const get =
  (path: string, reply: FakeReply): Route =>
  (request) =>
    request.method === 'GET' && request.path === path ? reply : undefined;

const NOT_FOUND = textReply(404, '404 page not found');

const rpcError = (id: unknown, code: number, message: string, data: string) =>
  jsonReply(200, { jsonrpc: '2.0', error: { code, message, data }, id });

/**
 * Zabbix answers every call with 200; a failure is a JSON-RPC error object. Authenticated calls
 * take `Authorization: Bearer <API token or session>` (Zabbix 6.4 and later), or the body's `auth`
 * before 6.4 (https://www.zabbix.com/documentation/6.0/en/manual/api).
 * https://www.zabbix.com/documentation/current/en/manual/api (apiinfo.version, user.login,
 * user.logout, host.get, action.get: `output: ['name']` answers `[{ hostid, name }]`).
 */
const zabbixRpc =
  (options: FakeMonitoringOptions): Route =>
  (request) => {
    if (request.method !== 'POST' || request.path !== '/api_jsonrpc.php') return undefined;
    const call = JSON.parse(request.body || '{}') as {
      method?: string;
      id?: number;
      auth?: unknown;
      params?: { username?: string; user?: string; password?: string };
    };
    const lists = options.lists ?? FAKE_LIST_DATA;
    const version = options.zabbixVersion ?? '7.0.4';
    const [major = 0, minor = 0] = version.split('.').map(Number);
    const bearerRelease = major > 6 || (major === 6 && minor >= 4);
    const usernameRelease = major > 5 || (major === 5 && minor >= 4);
    const result = (value: unknown) => jsonReply(200, { jsonrpc: '2.0', result: value, id: call.id });
    const credential = bearerRelease
      ? request.authorization?.replace(/^Bearer /, '')
      : typeof call.auth === 'string'
        ? call.auth
        : undefined;
    const authorized =
      credential !== undefined &&
      (credential === FAKE_ZABBIX_LOGIN.session ||
        (options.zabbixApiToken !== undefined && credential === options.zabbixApiToken));
    switch (call.method) {
      case 'apiinfo.version':
        if (call.auth !== undefined || request.authorization !== undefined) {
          const data = 'The "apiinfo.version" method must be called without the "auth" parameter.';
          return rpcError(call.id, -32602, 'Invalid params.', data);
        }
        return result(version);
      case 'user.login': {
        const { password } = call.params ?? {};
        const username = usernameRelease ? call.params?.username : call.params?.user;
        if (username !== FAKE_ZABBIX_LOGIN.username || password !== FAKE_ZABBIX_LOGIN.password) {
          return rpcError(
            call.id,
            -32500,
            'Application error.',
            'Incorrect user name or password or account is temporarily blocked.',
          );
        }
        return result(FAKE_ZABBIX_LOGIN.session);
      }
      case 'user.logout':
      case 'host.get':
      case 'action.get': {
        if (!authorized) return rpcError(call.id, -32602, 'Invalid params.', 'Not authorized.');
        if (call.method === 'user.logout') return result(true);
        const names = call.method === 'host.get' ? lists.hosts : lists.actions;
        const idKey = call.method === 'host.get' ? 'hostid' : 'actionid';
        return result(names.map((name, i) => ({ [idKey]: String(10_000 + i), name })));
      }
      default:
        return rpcError(call.id, -32601, 'Method not found.', 'Incorrect method.');
    }
  };

/**
 * The Prometheus rules format, as Prometheus serves `/api/v1/rules` and Grafana its own rules at
 * `/api/prometheus/grafana/api/v1/rules`: a recording rule beside the alerting ones, which a
 * reader must leave out. https://prometheus.io/docs/prometheus/latest/querying/api/#rules
 */
const rulesAnswer = (rules: readonly string[]) =>
  jsonReply(200, {
    status: 'success',
    data: {
      groups: [
        {
          name: 'fake',
          file: '/etc/prometheus/rules.yml',
          rules: [
            ...rules.map((name) => ({
              type: 'alerting',
              name,
              query: 'up == 0',
              health: 'ok',
              state: 'inactive',
            })),
            { type: 'recording', name: 'job:up:sum', query: 'sum by (job) (up)', health: 'ok' },
          ],
          interval: 60,
        },
      ],
    },
  });

/**
 * Prometheus label APIs: `/api/v1/labels` and `/api/v1/label/<name>/values`, each
 * `{ status: 'success', data: [...] }`; an unknown label has no values.
 * https://prometheus.io/docs/prometheus/latest/querying/api/#getting-label-names
 */
const prometheusLists =
  (options: FakeMonitoringOptions): Route =>
  (request) => {
    if (request.method !== 'GET') return undefined;
    const lists = options.lists ?? FAKE_LIST_DATA;
    if (request.path === '/api/v1/rules') return rulesAnswer(lists.rules);
    if (request.path === '/api/v1/labels') {
      return jsonReply(200, { status: 'success', data: Object.keys(lists.labels).sort() });
    }
    const label = /^\/api\/v1\/label\/([^/]+)\/values$/.exec(request.path)?.[1];
    if (label === undefined) return undefined;
    return jsonReply(200, { status: 'success', data: lists.labels[decodeURIComponent(label)] ?? [] });
  };

const grafanaRules =
  (options: FakeMonitoringOptions): Route =>
  (request) =>
    request.method === 'GET' && request.path === '/api/prometheus/grafana/api/v1/rules'
      ? rulesAnswer((options.lists ?? FAKE_LIST_DATA).rules)
      : undefined;

/**
 * The paths each product really serves for a health or version check, with the answers they give.
 * VictoriaLogs has no build-info path and PMM's server root none of the Prometheus ones, so their
 * fakes exercise a checker's fallbacks.
 */
const routes = (options: FakeMonitoringOptions): Record<DataSourceType, Route[]> => ({
  prometheus: [
    prometheusLists(options),
    get('/api/v1/status/buildinfo', jsonReply(200, { status: 'success', data: { version: '2.53.1' } })),
    get('/-/healthy', textReply(200, 'Prometheus Server is Healthy.\n')),
  ],
  victoria_logs: [get('/-/healthy', textReply(200, 'VictoriaLogs is Healthy.\n'))],
  pmm: [get('/v1/readyz', jsonReply(200, {}))],
  grafana: [get('/api/health', jsonReply(200, { database: 'ok', version: '11.1.0' })), grafanaRules(options)],
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
  zabbix: [zabbixRpc(options)],
  sentry: [get('/api/0/', jsonReply(200, { version: '0', auth: null, user: null }))],
  splunk: [get('/services/server/info', jsonReply(200, { entry: [{ content: { version: '9.2.1' } }] }))],
  metabase: [get('/api/health', jsonReply(200, { status: 'ok' }))],
});

/**
 * A fake of one monitoring product's HTTP API on 127.0.0.1, answering its health or version path
 * and the list APIs the rule form reads (404 elsewhere), and recording each request with its
 * credentials. `replyNext` scripts failures.
 *
 * @example const grafana = await startFakeMonitoringSystem('grafana'); // grafana.url → http://127.0.0.1:port
 */
export function startFakeMonitoringSystem(
  type: DataSourceType,
  options: FakeMonitoringOptions = {},
): Promise<RecordingHttpServer<MonitoringRequest>> {
  const typeRoutes = routes(options)[type];
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
      for (const route of typeRoutes) {
        const reply = route(request);
        if (reply) return reply;
      }
      return NOT_FOUND;
    },
    tls: options.tls,
  });
}
