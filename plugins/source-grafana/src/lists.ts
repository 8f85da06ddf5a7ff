import { queryJson, type SourceConnection, type SourceContext, z } from '@oncall/plugin-sdk';

// Grafana serves its own (Grafana-managed) rules in the Prometheus rules format at
// /api/prometheus/grafana/api/v1/rules, readable by any role that may view alert rules (a Viewer
// service account token does), unlike /api/v1/provisioning/alert-rules, which needs the
// provisioning permission (Admin). https://grafana.com/docs/grafana/latest/alerting/ and
// https://prometheus.io/docs/prometheus/latest/querying/api/#rules for the shape:
// { status: 'success', data: { groups: [{ name, file, rules: [{ name, type: 'alerting', … }] }] } }
const rulesAnswer = z.object({
  status: z.literal('success'),
  data: z.object({
    groups: z.array(
      z.object({ rules: z.array(z.looseObject({ name: z.string(), type: z.string().optional() })) }),
    ),
  }),
});

/** Names of the Grafana-managed alert rules (recording rules left out). */
export async function listRules(source: SourceConnection, ctx: SourceContext): Promise<string[]> {
  const path = '/api/prometheus/grafana/api/v1/rules';
  const answer = await queryJson(ctx, source, { path }, rulesAnswer);
  return answer.data.groups.flatMap((group) =>
    group.rules
      .filter((rule) => rule.type === undefined || rule.type === 'alerting')
      .map((rule) => rule.name),
  );
}
