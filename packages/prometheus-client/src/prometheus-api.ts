import {
  compactRecord,
  isoTime,
  presentText,
  queryJson,
  type RuleEvaluation,
  type SourceAlert,
  type SourceConnection,
  type SourceContext,
  SourceQueryError,
  severityFromText,
  vendorErrorMessage,
  z,
} from '@oncall/plugin-sdk';
import { alertmanagerFingerprint } from './alertmanager';

/** Every series the first runs of a broad query could return is not worth paging for one by one. */
const DEFAULT_MAX_FIRING = 1_000;
/** Series shown in the check document: enough to see what fired, small enough to store per run. */
const DOCUMENT_SERIES = 20;

const labelSet = z.record(z.string(), z.string());
// A sample as the API writes it: [unix seconds, "value as text"] ("NaN", "+Inf" included).
const sample = z.tuple([z.number(), z.string()]);

// https://prometheus.io/docs/prometheus/latest/querying/api/#instant-queries and
// #expression-query-result-formats: { status: 'success', data: { resultType, result }, warnings? }.
// VictoriaMetrics answers the same at /api/v1/query, with `stats` and, from a cluster missing a
// storage node, `isPartial: true` (https://docs.victoriametrics.com/victoriametrics/url-examples/#apiv1query).
const instantQueryAnswer = z.looseObject({
  status: z.literal('success'),
  data: z.discriminatedUnion('resultType', [
    z.looseObject({
      resultType: z.literal('vector'),
      result: z.array(z.looseObject({ metric: labelSet, value: sample })),
    }),
    z.looseObject({ resultType: z.literal('scalar'), result: sample }),
    z.looseObject({ resultType: z.literal('matrix'), result: z.array(z.unknown()) }),
    z.looseObject({ resultType: z.literal('string'), result: z.unknown() }),
  ]),
  warnings: z.array(z.string()).optional(),
  isPartial: z.boolean().optional(),
});

/**
 * Where a Prometheus-compatible API lives under a data source's URL, and how a run's alerts are
 * named and capped.
 *
 * - `pathPrefix`: put before `/api/v1/query` (`/prometheus` for PMM, Grafana's data source proxy
 *   `/api/datasources/proxy/uid/<uid>`); none for Prometheus and VictoriaMetrics.
 * - `ruleName`: the alerts' name, unless a series carries an `alertname` label.
 * - `maxFiring`: at most this many alerts (default 1000); the document then says `truncated`.
 */
export interface PromqlQueryOptions {
  readonly pathPrefix?: string;
  readonly ruleName: string;
  readonly maxFiring?: number;
}

/**
 * Runs a PromQL query once, as Prometheus's alerting does (`GET /api/v1/query`, at the server's
 * now), and turns the answer into a rule's run:
 *
 * - an instant vector fires one alert per series, as Prometheus fires one per returned sample,
 *   whatever its value (`NaN` too): `labels` the series' labels without `__name__` (Prometheus
 *   drops it from alert labels), `details.value` the sample, `instance` the `instance` label, and
 *   `fingerprint` Alertmanager's over the labels plus `alertname`, as Prometheus would fingerprint
 *   the alert. An empty vector fires nothing.
 * - a scalar is always returned, so it fires one alert (no labels) only when its value is neither
 *   0 nor NaN: `vector(1)`-style truth, `scalar(x) > 3` answering 0 when false does not fire.
 * - a range vector (matrix) or a string cannot be an alert condition: a `SourceQueryError`.
 *
 * Throws a `SourceQueryError` with the server's own message for an error answer
 * (`{ status: 'error', errorType, error }`, 400, 422, 503), for a malformed answer, and for a
 * VictoriaMetrics answer marked `isPartial` (a partial answer would resolve instances that still
 * fire). The check document: `{ query, resultType, series, values: [{ labels, value }] (first 20),
 * truncated?, warnings? }`, or `{ query, resultType: 'scalar', value, series }`.
 *
 * @example
 * async evaluate(source, rule, ctx) {
 *   const { queryText } = textQuerySettings.parse(rule.settings);
 *   return promqlInstantQuery(ctx, source, queryText, { ruleName: rule.name, pathPrefix: '/prometheus' });
 * }
 */
export async function promqlInstantQuery(
  ctx: SourceContext,
  source: SourceConnection,
  query: string,
  options: PromqlQueryOptions,
): Promise<RuleEvaluation> {
  const path = `${options.pathPrefix ?? ''}/api/v1/query`;
  const answer = await queryJson(
    ctx,
    source,
    { path, query: { query }, errorDetail: vendorErrorMessage },
    instantQueryAnswer,
  );
  if (answer.isPartial === true) {
    throw new SourceQueryError(`A partial answer from ${path}: some storage nodes did not answer.`);
  }
  const warnings = answer.warnings?.length ? { warnings: answer.warnings.slice(0, 5) } : {};
  const { data } = answer;
  if (data.resultType === 'scalar') {
    const value = data.result[1];
    const fires = Number(value) !== 0 && !Number.isNaN(Number(value));
    const alert: SourceAlert = {
      name: options.ruleName,
      status: 'firing',
      labels: {},
      annotations: {},
      fingerprint: alertmanagerFingerprint({ alertname: options.ruleName }),
      details: { value },
    };
    return {
      firing: fires ? [alert] : [],
      document: { query, resultType: 'scalar', value, series: fires ? 1 : 0, ...warnings },
    };
  }
  if (data.resultType !== 'vector') {
    throw new SourceQueryError(
      `The query answers a ${data.resultType === 'matrix' ? 'range vector' : 'string'}; an alert query must answer an instant vector or a scalar.`,
    );
  }
  const series = data.result.map(({ metric, value }) => {
    const { __name__: _metricName, ...labels } = metric;
    return { labels, value: value[1] };
  });
  const maxFiring = options.maxFiring ?? DEFAULT_MAX_FIRING;
  const firing = series.slice(0, maxFiring).map(({ labels, value }): SourceAlert => {
    const name = presentText(labels.alertname) ?? options.ruleName;
    return {
      name,
      status: 'firing',
      instance: presentText(labels.instance),
      labels,
      annotations: {},
      fingerprint: alertmanagerFingerprint({ ...labels, alertname: name }),
      details: { value },
    };
  });
  return {
    firing,
    document: {
      query,
      resultType: 'vector',
      series: series.length,
      values: series.slice(0, DOCUMENT_SERIES),
      ...(series.length > maxFiring ? { truncated: true, firing: maxFiring } : {}),
      ...warnings,
    },
  };
}

// https://prometheus.io/docs/prometheus/latest/querying/api/#alerts:
// { status: 'success', data: { alerts: [{ labels, annotations, state, activeAt, value }] } }.
// Grafana serves its own alerts in this format (/api/prometheus/grafana/api/v1/alerts) with its
// states: Alerting, Pending, Normal, NoData, Error, Recovering, with a reason appended
// ("Alerting (NoData)"). `activeAt` and `value` are optional: not every server writes them.
const alertsAnswer = z.looseObject({
  status: z.literal('success'),
  data: z.looseObject({
    alerts: z.array(
      z.looseObject({
        labels: labelSet,
        annotations: labelSet.nullish(),
        state: z.string(),
        activeAt: z.string().nullish(),
        value: z.string().nullish(),
      }),
    ),
  }),
});

/**
 * Whether an alert state of a Prometheus-format alerts list means firing: Prometheus's `firing`,
 * Grafana's `Alerting` (also with a reason, `Alerting (NoData)`) and `Recovering` (the condition
 * cleared but the rule keeps firing, Grafana's `keep_firing_for`). Pending, normal, no data and
 * error states page nobody.
 */
function isFiringState(state: string): boolean {
  const word = state.trim().toLowerCase().split(/\s|\(/, 1)[0];
  return word === 'firing' || word === 'alerting' || word === 'recovering';
}

/**
 * The firing alerts of a Prometheus-format alerts list (`GET <path>`: Prometheus `/api/v1/alerts`,
 * Grafana `/api/prometheus/grafana/api/v1/alerts`), mapped as Alertmanager alerts are: `name`
 * `labels.alertname`, `severity` from `labels.severity`, `instance` the first present of
 * `instanceLabels`, `summary` and `description` the annotations, `startsAt` `activeAt`,
 * `details.value` the value, and `fingerprint` Alertmanager's over the labels, so an alert that
 * also arrives by webhook or by Alertmanager's API is the same instance. Pending alerts are left
 * out, and so are alerts without an `alertname` (no rule could match them). An error answer or a
 * malformed one is a `SourceQueryError`.
 *
 * @example
 * pollAlerts: (source, ctx) => prometheusFiringAlerts(ctx, source, '/api/v1/alerts'),
 */
export async function prometheusFiringAlerts(
  ctx: SourceContext,
  source: SourceConnection,
  path: string,
  instanceLabels: readonly string[] = ['instance'],
): Promise<SourceAlert[]> {
  const answer = await queryJson(ctx, source, { path, errorDetail: vendorErrorMessage }, alertsAnswer);
  const firing: SourceAlert[] = [];
  for (const alert of answer.data.alerts) {
    const name = presentText(alert.labels.alertname);
    if (name === undefined || !isFiringState(alert.state)) continue;
    const { labels } = alert;
    const annotations = alert.annotations ?? {};
    firing.push({
      name,
      status: 'firing',
      severity: severityFromText(labels.severity),
      instance: instanceLabels
        .map((label) => presentText(labels[label]))
        .find((value) => value !== undefined),
      summary: presentText(annotations.summary),
      description: presentText(annotations.description),
      labels,
      annotations,
      startsAt: isoTime(alert.activeAt ?? undefined),
      fingerprint: alertmanagerFingerprint(labels),
      details: compactRecord({ value: alert.value ?? undefined }),
    });
  }
  return firing;
}
