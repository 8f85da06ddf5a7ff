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
import { datasourceUidSchema } from './rule-fields';

// What a textQuery rule stores (see `grafanaRuleFields`).
const textQuerySettings = z.looseObject({
  queryText: z.string().min(1),
  queryObject: z.looseObject({ datasourceUid: datasourceUidSchema }),
});

/**
 * A `textQuery` rule's run: its PromQL as an instant query to the Prometheus data source
 * `queryObject.datasourceUid`, through Grafana's data source proxy
 * (`GET /api/datasources/proxy/uid/{uid}/api/v1/query`,
 * https://grafana.com/docs/grafana/latest/developers/http_api/data_source/#data-source-proxy-calls),
 * one alert per returned series. Grafana passes Prometheus's answers through, errors included; its
 * own refusals (an unknown uid, a token without access) carry a `message`.
 */
export async function evaluate(
  source: SourceConnection,
  rule: EvaluatedRule,
  ctx: SourceContext,
): Promise<RuleEvaluation> {
  const settings = textQuerySettings.safeParse(rule.settings);
  if (!settings.success) {
    throw new SourceQueryError(
      `The rule "${rule.name}" needs query text and a Grafana data source uid (queryObject.datasourceUid).`,
    );
  }
  const { queryText, queryObject } = settings.data;
  return promqlInstantQuery(ctx, source, queryText, {
    ruleName: rule.name,
    pathPrefix: `/api/datasources/proxy/uid/${encodeURIComponent(queryObject.datasourceUid)}`,
  });
}

/**
 * The Grafana-managed alerts firing now, in the Prometheus format Grafana serves them
 * (`GET /api/prometheus/grafana/api/v1/alerts`): `Alerting` (with any reason) and `Recovering`
 * count as firing; `Pending`, `Normal`, `NoData` and `Error` do not.
 */
export function pollAlerts(source: SourceConnection, ctx: SourceContext): Promise<SourceAlert[]> {
  return prometheusFiringAlerts(ctx, source, '/api/prometheus/grafana/api/v1/alerts');
}
