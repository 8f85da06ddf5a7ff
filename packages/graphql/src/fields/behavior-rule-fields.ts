import type { Builder } from '../builder';
import { behaviorRuleType } from '../types/behavior-rule';

/** Read-only, as the rest of this face: behavior rules are managed over REST and tRPC. */
export function registerBehaviorRuleFields(builder: Builder): void {
  const rule = behaviorRuleType(builder);
  builder.queryFields((t) => ({
    behaviorRules: t.field({
      type: [rule],
      description: 'The behavior rules of an alert rule the caller can see, oldest first.',
      args: { alertRuleId: t.arg.id({ required: true }) },
      resolve: async (_root, args, ctx) =>
        (await ctx.core.behaviorRules.list(await ctx.actor(), args.alertRuleId)).rules,
    }),
  }));
}
