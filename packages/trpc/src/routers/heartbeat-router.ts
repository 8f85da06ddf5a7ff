import { Heartbeats } from '@oncall/heartbeats';
import { z } from 'zod';
import type { TrpcContext } from '../context';
import { protectedProcedure, router } from '../trpc';

const ruleInput = z.strictObject({ ruleId: z.string().max(100) });
const controlInput = z.strictObject({
  ruleId: z.string().max(100),
  /** One heartbeat's instance key (empty: the rule's own); absent: every heartbeat of the rule. */
  instance: z.string().max(200).optional(),
});

const heartbeatsOf = (ctx: TrpcContext) => ctx.heartbeats ?? Heartbeats.of(ctx.core);

/** A heartbeat rule's jobs, and pausing or resuming them (the rule's admins). */
export const heartbeatRouter = router({
  list: protectedProcedure
    .input(ruleInput)
    .query(({ ctx, input }) => heartbeatsOf(ctx).list(ctx.actor, input.ruleId)),
  pause: protectedProcedure
    .input(controlInput)
    .mutation(({ ctx, input }) => heartbeatsOf(ctx).pause(ctx.actor, input.ruleId, input.instance)),
  resume: protectedProcedure
    .input(controlInput)
    .mutation(({ ctx, input }) => heartbeatsOf(ctx).resume(ctx.actor, input.ruleId, input.instance)),
});
