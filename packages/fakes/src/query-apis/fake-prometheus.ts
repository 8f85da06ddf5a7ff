import type { MonitoringRequest } from '../fake-monitoring-system';
import { type FakeReply, jsonReply } from '../fake-reply';
import { startRecordingHttpServer } from '../recording-http-server';
import { type FakeQueryApi, type FakeQueryMode, modeReply, param, recordRequest } from './fake-query-api';

/** One series an instant query answers: its labels (`__name__` included if wanted) and sample. */
export interface FakeSeries {
  readonly labels: Readonly<Record<string, string>>;
  /** The sample as the API writes it: `"1"`, `"0.25"`, `"NaN"`. */
  readonly value: string;
}

/**
 * One alert of a Prometheus-format alerts list: Prometheus's states are `pending` and `firing`;
 * Grafana's `Alerting`, `Pending`, `Normal`, `NoData`, `Error` (a reason may follow: `Alerting (NoData)`).
 */
export interface FakeListedAlert {
  readonly labels: Readonly<Record<string, string>>;
  readonly annotations?: Readonly<Record<string, string>>;
  readonly state: string;
  readonly activeAt?: string;
  readonly value?: string;
}

export interface FakePrometheusOptions {
  /** How the query paths answer at first (`setMode` changes it); `answer` by default. */
  readonly mode?: FakeQueryMode;
  /** What `/api/v1/query` answers: a vector of these series (none by default). */
  readonly series?: readonly FakeSeries[];
  /** What the alerts path lists. */
  readonly alerts?: readonly FakeListedAlert[];
  /** Put before `/api/v1/query` (PMM: `/prometheus`). */
  readonly queryPrefix?: string;
  /** Where the alerts list is served; `/api/v1/alerts` by default. */
  readonly alertsPath?: string;
  /** Answer as VictoriaMetrics does, with its `stats` field. */
  readonly victoriaMetrics?: boolean;
}

/**
 * A fake Prometheus HTTP API, or an API that answers in its format. Every setter applies to the
 * requests that follow.
 */
export interface FakePrometheus extends FakeQueryApi {
  /** The PromQL of every instant query received, in order. */
  readonly queries: readonly string[];
  /** Instant queries answer a vector of these series from now on. */
  setSeries(series: readonly FakeSeries[]): void;
  /** Instant queries answer this scalar from now on (`"1"`, `"0"`, `"NaN"`). */
  setScalar(value: string): void;
  /** The alerts path lists these from now on. */
  setAlerts(alerts: readonly FakeListedAlert[]): void;
}

type Result =
  | { readonly resultType: 'vector'; readonly series: readonly FakeSeries[] }
  | { readonly resultType: 'scalar'; readonly value: string };

// https://prometheus.io/docs/prometheus/latest/querying/api/#format-overview: a failed query is
// `{ status: 'error', errorType, error }` with 400 (bad parameters), 422 (cannot be executed) or
// 503 (timed out or aborted).
const PARSE_ERROR = {
  status: 'error',
  errorType: 'bad_data',
  error: 'invalid parameter "query": 1:9: parse error: unexpected end of input',
};

/** Unix seconds with the millisecond fraction, as Prometheus writes sample times. */
const nowSeconds = () => Date.now() / 1000;

/**
 * Answers `<queryPrefix>/api/v1/query` and the alerts path in Prometheus's documented shapes
 * (https://prometheus.io/docs/prometheus/latest/querying/api/#instant-queries, #alerts); anything
 * else is a 404. Whatever the PromQL, the answer is the set series or scalar: the fake evaluates
 * nothing. In `error` mode the query answers 400 with Prometheus's error envelope; in `malformed`
 * mode a 200 whose `data` lacks `result`.
 *
 * @example
 * const prometheus = await startFakePrometheus({ series: [{ labels: { job: 'api' }, value: '12' }] });
 * prometheus.setMode('error'); // the next queries fail as a PromQL parse error does
 */
export async function startFakePrometheus(options: FakePrometheusOptions = {}): Promise<FakePrometheus> {
  let result: Result = { resultType: 'vector', series: options.series ?? [] };
  let alerts = options.alerts ?? [];
  let mode: FakeQueryMode = options.mode ?? 'answer';
  const queries: string[] = [];
  const queryPath = `${options.queryPrefix ?? ''}/api/v1/query`;
  const alertsPath = options.alertsPath ?? '/api/v1/alerts';
  const stats = options.victoriaMetrics ? { stats: { seriesFetched: '1', executionTimeMsec: 0 } } : {};

  const answerQuery = (): FakeReply => {
    const time = nowSeconds();
    const data =
      result.resultType === 'scalar'
        ? { resultType: 'scalar', result: [time, result.value] }
        : {
            resultType: 'vector',
            result: result.series.map(({ labels, value }) => ({ metric: labels, value: [time, value] })),
          };
    return jsonReply(200, { status: 'success', data, ...stats });
  };

  const reply = (request: MonitoringRequest): FakeReply => {
    if (request.path === queryPath) {
      queries.push(param(request, 'query') ?? '');
      return (
        modeReply(mode, {
          error: () => jsonReply(400, PARSE_ERROR),
          malformed: () => jsonReply(200, { status: 'success', data: { resultType: 'vector' } }),
        }) ?? answerQuery()
      );
    }
    if (request.method === 'GET' && request.path === alertsPath) {
      return (
        modeReply(mode, {
          error: () => jsonReply(503, { status: 'error', errorType: 'unavailable', error: 'not ready' }),
          malformed: () => jsonReply(200, { status: 'success', data: {} }),
        }) ?? jsonReply(200, { status: 'success', data: { alerts } })
      );
    }
    return jsonReply(404, { message: 'Not found' });
  };

  const server = await startRecordingHttpServer<MonitoringRequest>({
    record: recordRequest,
    defaultReply: reply,
  });
  return {
    ...server,
    queries,
    setMode: (next) => {
      mode = next;
    },
    setSeries: (series) => {
      result = { resultType: 'vector', series };
    },
    setScalar: (value) => {
      result = { resultType: 'scalar', value };
    },
    setAlerts: (next) => {
      alerts = next;
    },
  };
}

/** The Grafana data source uid the fake Grafana proxies, unless told another. */
export const FAKE_GRAFANA_DATASOURCE_UID = 'P1809F7CD0C75ACF3';

export interface FakeGrafanaOptions {
  /** The Grafana-managed alerts `/api/prometheus/grafana/api/v1/alerts` lists. */
  readonly alerts?: readonly FakeListedAlert[];
  /** What the proxied Prometheus data source's instant query answers. */
  readonly series?: readonly FakeSeries[];
  /** The uid of the one Prometheus data source it proxies. */
  readonly datasourceUid?: string;
  readonly mode?: FakeQueryMode;
}

/**
 * A fake Grafana: its Grafana-managed alerts in the Prometheus format
 * (`GET /api/prometheus/grafana/api/v1/alerts`, states `Alerting`, `Pending`, `Normal`, …) and a
 * Prometheus data source behind its proxy
 * (`/api/datasources/proxy/uid/<uid>/api/v1/query`,
 * https://grafana.com/docs/grafana/latest/developers/http_api/data_source/#data-source-proxy-calls).
 * Another uid answers 404 as Grafana does for a data source it cannot find.
 *
 * @example
 * const grafana = await startFakeGrafana({ alerts: [{ labels: { alertname: 'HighCPU' }, state: 'Alerting' }] });
 */
export function startFakeGrafana(options: FakeGrafanaOptions = {}): Promise<FakePrometheus> {
  const uid = options.datasourceUid ?? FAKE_GRAFANA_DATASOURCE_UID;
  return startFakePrometheus({
    series: options.series,
    alerts: options.alerts,
    mode: options.mode,
    queryPrefix: `/api/datasources/proxy/uid/${uid}`,
    alertsPath: '/api/prometheus/grafana/api/v1/alerts',
  });
}

/**
 * A fake PMM server: its VictoriaMetrics under `/prometheus` (`/prometheus/api/v1/query`) and
 * Percona Alerting's Grafana-managed alerts under `/graph`
 * (`/graph/api/prometheus/grafana/api/v1/alerts`).
 *
 * @example const pmm = await startFakePmm({ series: [{ labels: { service_name: 'mysql-1' }, value: '1' }] });
 */
export function startFakePmm(
  options: Pick<FakePrometheusOptions, 'series' | 'alerts' | 'mode'> = {},
): Promise<FakePrometheus> {
  return startFakePrometheus({
    ...options,
    queryPrefix: '/prometheus',
    alertsPath: '/graph/api/prometheus/grafana/api/v1/alerts',
    victoriaMetrics: true,
  });
}
