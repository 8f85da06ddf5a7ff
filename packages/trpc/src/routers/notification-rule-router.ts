import { notificationRuleBody, notificationRuleQuery } from '@oncall/contracts';
import { type NotificationRule, Schedules } from '@oncall/schedules';
import { z } from 'zod';
import type { TrpcContext } from '../context';
import { protectedProcedure, router } from '../trpc';

const idInput = z.strictObject({ id: z.string().max(100) });

const rulesOf = (ctx: TrpcContext) => (ctx.schedules ?? Schedules.of(ctx.core)).notificationRules;
const viewOf = (rule: NotificationRule) => ({ ...rule, createdAt: rule.createdAt.toISOString() });

/**
 * `profile.notificationRules`: the caller's notification rules (which own endpoint a page of each
 * urgency reaches, how many minutes in); owners and managers may list another's (`userId`).
 */
export const notificationRuleRouter = router({
  list: protectedProcedure
    .input(notificationRuleQuery.optional())
    .query(async ({ ctx, input }) => (await rulesOf(ctx).list(ctx.actor, input?.userId)).map(viewOf)),
  get: protectedProcedure
    .input(idInput)
    .query(async ({ ctx, input }) => viewOf(await rulesOf(ctx).get(ctx.actor, input.id))),
  create: protectedProcedure
    .input(notificationRuleBody)
    .mutation(async ({ ctx, input }) => viewOf(await rulesOf(ctx).create(ctx.actor, input))),
  update: protectedProcedure
    .input(z.strictObject({ id: z.string().max(100), data: notificationRuleBody }))
    .mutation(async ({ ctx, input }) => viewOf(await rulesOf(ctx).update(ctx.actor, input.id, input.data))),
  delete: protectedProcedure
    .input(idInput)
    .mutation(async ({ ctx, input }) => viewOf(await rulesOf(ctx).remove(ctx.actor, input.id))),
});
