import { queryJson, type SourceConnection, type SourceContext, z } from '@oncall/plugin-sdk';

// https://prometheus.io/docs/prometheus/latest/querying/api/#rules
// { status: 'success', data: { groups: [{ name, file, rules: [{ type: 'alerting', name, … }] }] } }
const rulesAnswer = z.object({
  status: z.literal('success'),
  data: z.object({
    groups: z.array(
      z.object({ rules: z.array(z.looseObject({ name: z.string(), type: z.string().optional() })) }),
    ),
  }),
});

// https://prometheus.io/docs/prometheus/latest/querying/api/#getting-label-names and
// #querying-label-values: { status: 'success', data: ['__name__', 'job', …] }
const stringsAnswer = z.object({ status: z.literal('success'), data: z.array(z.string()) });

/** Names of the alerting rules Prometheus evaluates (`type=alert` leaves recording rules out). */
export async function listRules(source: SourceConnection, ctx: SourceContext): Promise<string[]> {
  const answer = await queryJson(
    ctx,
    source,
    { path: '/api/v1/rules', query: { type: 'alert' } },
    rulesAnswer,
  );
  // Older servers ignore `type`; recording rules say `type: 'recording'` and are no alert rules.
  return answer.data.groups.flatMap((group) =>
    group.rules
      .filter((rule) => rule.type === undefined || rule.type === 'alerting')
      .map((rule) => rule.name),
  );
}

export async function listLabels(source: SourceConnection, ctx: SourceContext): Promise<string[]> {
  return (await queryJson(ctx, source, { path: '/api/v1/labels' }, stringsAnswer)).data;
}

export async function listLabelValues(
  source: SourceConnection,
  label: string,
  ctx: SourceContext,
): Promise<string[]> {
  const path = `/api/v1/label/${encodeURIComponent(label)}/values`;
  return (await queryJson(ctx, source, { path }, stringsAnswer)).data;
}
