import { Heartbeats } from '@oncall/heartbeats';
import type { Builder } from '../builder';
import type { GraphqlContext } from '../context';
import { heartbeatRuleType } from '../types/heartbeat';

const heartbeatsOf = (ctx: GraphqlContext) => ctx.heartbeats ?? Heartbeats.of(ctx.core);

/** A heartbeat rule's jobs, and pausing or resuming them (the rule's admins), as REST and tRPC have. */
export function registerHeartbeatFields(builder: Builder) {
  const rule = heartbeatRuleType(builder);
  builder.queryFields((t) => ({
    heartbeats: t.field({
      type: rule,
      args: { ruleId: t.arg.id({ required: true }) },
      resolve: async (_root, args, ctx) => heartbeatsOf(ctx).list(await ctx.actor(), String(args.ruleId)),
    }),
  }));
  builder.mutationFields((t) => ({
    pauseHeartbeats: t.field({
      type: rule,
      description:
        "Stops watching one heartbeat (`instance`) or all of the rule's; an open episode resolves.",
      args: { ruleId: t.arg.id({ required: true }), instance: t.arg.string() },
      resolve: async (_root, args, ctx) =>
        heartbeatsOf(ctx).pause(await ctx.actor(), String(args.ruleId), args.instance ?? undefined),
    }),
    resumeHeartbeats: t.field({
      type: rule,
      description: 'Watches paused heartbeats again, their next ping due by the schedule from now.',
      args: { ruleId: t.arg.id({ required: true }), instance: t.arg.string() },
      resolve: async (_root, args, ctx) =>
        heartbeatsOf(ctx).resume(await ctx.actor(), String(args.ruleId), args.instance ?? undefined),
    }),
  }));
}
