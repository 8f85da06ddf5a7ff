import { z } from 'zod';
import type { SourceAlert } from './normalized-alert';
import type { EvaluatedRule, RuleEvaluation } from './query-hooks';

/**
 * What a count-threshold rule stores and its run reads (see `countThresholdRuleFields`), the
 * source's own fields kept: parse `rule.settings` with it, or with an extension of it.
 *
 * @example const settings = countThresholdSettingsSchema.extend({ dataviewName: z.string() }).parse(rule.settings);
 */
export const countThresholdSettingsSchema = z.looseObject({
  queryString: z.string().min(1),
  minutes: z.number().int().positive(),
  conditionType: z.enum(['greaterOrEqual', 'lessOrEqual']),
  countDocument: z.number().int().nonnegative(),
});

/** A count-threshold rule's settings as {@link countThresholdSettingsSchema} reads them. */
export type CountThresholdSettings = z.output<typeof countThresholdSettingsSchema>;

/**
 * What one count means for a count-threshold rule: one instance, keyed by the rule's id, fires
 * when the count reaches the threshold (`greaterOrEqual`: count ≥ countDocument) or stays under it
 * (`lessOrEqual`: count ≤ countDocument). The alert is named by the rule, says the count in
 * `details.count` and in words (`42 documents in the last 5 minutes (threshold ≥ 10)`). The
 * document is `{ query, minutes, count, conditionType, countDocument, matched }` after the
 * source's own facts (`extra`: the index, the time field).
 *
 * @param noun what is counted, plural (`documents`, `log entries`)
 * @example
 * const count = await countDocuments(ctx, source, settings);
 * return countThresholdEvaluation(rule, settings, count, { noun: 'documents', extra: { index: 'logs-*' } });
 */
export function countThresholdEvaluation(
  rule: EvaluatedRule,
  settings: CountThresholdSettings,
  count: number,
  options: { readonly noun: string; readonly extra?: Readonly<Record<string, unknown>> },
): RuleEvaluation {
  const { queryString, minutes, conditionType, countDocument } = settings;
  const matched = conditionType === 'greaterOrEqual' ? count >= countDocument : count <= countDocument;
  const threshold = `${conditionType === 'greaterOrEqual' ? '≥' : '≤'} ${countDocument}`;
  const window = minutes === 1 ? 'minute' : `${minutes} minutes`;
  const alert: SourceAlert = {
    name: rule.name,
    status: 'firing',
    summary: `${count} ${options.noun} in the last ${window}`,
    description: `${count} ${options.noun} in the last ${window} (threshold ${threshold}).`,
    labels: {},
    annotations: {},
    // One instance per rule: the count is the rule's, not a series'.
    fingerprint: rule.id,
    details: { count: String(count), threshold, minutes: String(minutes) },
  };
  return {
    firing: matched ? [alert] : [],
    document: {
      ...options.extra,
      query: queryString,
      minutes,
      count,
      conditionType,
      countDocument,
      matched,
    },
  };
}
