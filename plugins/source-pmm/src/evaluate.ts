import {
  type EvaluatedRule,
  type RuleEvaluation,
  type SourceAlert,
  type SourceConnection,
  type SourceContext,
  SourceQueryError,
  z,
} from '@oncall/plugin-sdk';
import { prometheusFiringAlerts, promqlInstantQuery } from '@oncall/prometheus-client';

// What a textQuery rule stores (see `dynamicOrTextQueryRuleFields`).
const textQuerySettings = z.looseObject({ queryText: z.string().min(1) });

// PMM 2 and 3 serve their VictoriaMetrics' Prometheus API under /prometheus, and Grafana (whose
// alerting is Percona Alerting) under /graph. A data source's URL names the PMM server, or, as the
// probe also accepts, its /prometheus path.
const PROMETHEUS_PATH = '/prometheus';
const GRAFANA_ALERTS_PATH = '/graph/api/prometheus/grafana/api/v1/alerts';

// PMM alerts are about a service or, for node rules, a node (as the webhook mapping says).
const INSTANCE_LABELS = ['instance', 'service_name', 'node_name'];

/** The URL's path without a trailing slash: where a path under the data source goes. */
function basePath(source: SourceConnection): string {
  return new URL(source.url).pathname.replace(/\/+$/, '');
}

/**
 * A `textQuery` rule's run: its PromQL (MetricsQL) as an instant query against PMM's
 * VictoriaMetrics (`GET /prometheus/api/v1/query`), one alert per returned series.
 */
export async function evaluate(
  source: SourceConnection,
  rule: EvaluatedRule,
  ctx: SourceContext,
): Promise<RuleEvaluation> {
  const settings = textQuerySettings.safeParse(rule.settings);
  if (!settings.success) throw new SourceQueryError(`The rule "${rule.name}" has no query text.`);
  const pathPrefix = basePath(source).endsWith(PROMETHEUS_PATH) ? '' : PROMETHEUS_PATH;
  return promqlInstantQuery(ctx, source, settings.data.queryText, { ruleName: rule.name, pathPrefix });
}

/**
 * The alerts Percona Alerting fires now, read from PMM's Grafana in the Prometheus format
 * (`GET /graph/api/prometheus/grafana/api/v1/alerts`), fingerprinted over their labels as the
 * webhook's alerts are identified by Grafana.
 */
export function pollAlerts(source: SourceConnection, ctx: SourceContext): Promise<SourceAlert[]> {
  const base = basePath(source);
  const server = base.endsWith(PROMETHEUS_PATH) ? base.slice(0, -PROMETHEUS_PATH.length) : base;
  const url = new URL(source.url);
  url.pathname = server;
  return prometheusFiringAlerts(ctx, { ...source, url: url.href }, GRAFANA_ALERTS_PATH, INSTANCE_LABELS);
}
