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

// What a textQuery rule stores (see `dynamicOrTextQueryRuleFields`); the host checked it when the
// rule was saved, so a failure here means the rule is of another kind.
const textQuerySettings = z.looseObject({ queryText: z.string().min(1) });

/**
 * A `textQuery` rule's run: its PromQL as an instant query (`GET /api/v1/query`), one alert per
 * returned series. Works as it is against VictoriaMetrics, whose `/api/v1/query` answers the same.
 */
export async function evaluate(
  source: SourceConnection,
  rule: EvaluatedRule,
  ctx: SourceContext,
): Promise<RuleEvaluation> {
  const settings = textQuerySettings.safeParse(rule.settings);
  if (!settings.success) throw new SourceQueryError(`The rule "${rule.name}" has no query text.`);
  return promqlInstantQuery(ctx, source, settings.data.queryText, { ruleName: rule.name });
}

/**
 * The alerts Prometheus fires now (`GET /api/v1/alerts`), pending ones left out, fingerprinted as
 * Alertmanager fingerprints them, so a polled alert and the same one pushed are one instance.
 */
export function pollAlerts(source: SourceConnection, ctx: SourceContext): Promise<SourceAlert[]> {
  return prometheusFiringAlerts(ctx, source, '/api/v1/alerts');
}
