import { deliveryStatsInput, noisiestRulesInput, responseTimesInput } from '../inputs/report-inputs';
import { protectedProcedure, router } from '../trpc';

/**
 * Reports (core's reporting), always over the rules the caller may see: a member reports on its
 * own and its teams' rules, and naming another team's rule or team is refused.
 */
export const reportRouter = router({
  /** Episodes with time to acknowledge and resolve, overall or per rule, team or day. */
  responseTimes: protectedProcedure
    .input(responseTimesInput)
    .query(async ({ ctx, input: { groupBy, ...filter } }) => {
      const stats = await ctx.core.reporting.episodeStats(ctx.actor, filter, groupBy);
      const ruleIds = stats.flatMap((row) => (row.key.ruleId ? [row.key.ruleId] : []));
      const rules = await ctx.core.reporting.rulesById(ctx.actor, ruleIds);
      const names = new Map(rules.flatMap((rule) => (rule ? [[rule.id, rule.name] as const] : [])));
      return stats.map((row) => ({
        ...row,
        ruleName: row.key.ruleId ? (names.get(row.key.ruleId) ?? null) : null,
      }));
    }),
  /** The rules that fired most in the range, each with its name. */
  noisiestRules: protectedProcedure
    .input(noisiestRulesInput)
    .query(async ({ ctx, input: { first, ...filter } }) => {
      const noise = await ctx.core.reporting.noisiestRules(ctx.actor, filter, first);
      const rules = await ctx.core.reporting.rulesById(
        ctx.actor,
        noise.map((row) => row.ruleId),
      );
      return noise.map((row, i) => ({ ...row, ruleName: rules[i]?.name ?? null }));
    }),
  /** Send attempts per channel and/or provider: success and fallback rates, latency. */
  deliveryStats: protectedProcedure
    .input(deliveryStatsInput)
    .query(({ ctx, input: { groupBy, ...filter } }) =>
      ctx.core.reporting.deliveryStats(ctx.actor, filter, groupBy),
    ),
});
