import { instantField, overrideBody, scheduleBody, swapOfferBody } from '@oncall/contracts';
import { Schedules } from '@oncall/schedules';
import { z } from 'zod';
import type { TrpcContext } from '../context';
import { protectedProcedure, router } from '../trpc';

const idInput = z.strictObject({ id: z.string().max(100) });

const schedulesOf = (ctx: TrpcContext) => ctx.schedules ?? Schedules.of(ctx.core);

/** A team's on-call schedules: edits, overrides, who is on call, the calendar and its iCal feed. */
export const scheduleRouter = router({
  list: protectedProcedure.query(async ({ ctx }) => {
    const schedules = schedulesOf(ctx);
    return (await schedules.list(ctx.actor)).map((schedule) => schedules.view(schedule));
  }),
  get: protectedProcedure.input(idInput).query(async ({ ctx, input }) => {
    const schedules = schedulesOf(ctx);
    return schedules.view(await schedules.get(ctx.actor, input.id));
  }),
  create: protectedProcedure.input(scheduleBody).mutation(async ({ ctx, input }) => {
    const schedules = schedulesOf(ctx);
    return schedules.view(await schedules.create(ctx.actor, input));
  }),
  update: protectedProcedure
    .input(z.strictObject({ id: z.string().max(100), data: scheduleBody }))
    .mutation(async ({ ctx, input }) => {
      const schedules = schedulesOf(ctx);
      return schedules.view(await schedules.update(ctx.actor, input.id, input.data));
    }),
  delete: protectedProcedure.input(idInput).mutation(async ({ ctx, input }) => {
    const schedules = schedulesOf(ctx);
    return schedules.view(await schedules.delete(ctx.actor, input.id));
  }),
  addOverride: protectedProcedure
    .input(z.strictObject({ id: z.string().max(100), override: overrideBody }))
    .mutation(async ({ ctx, input }) => {
      const schedules = schedulesOf(ctx);
      return schedules.view(await schedules.addOverride(ctx.actor, input.id, input.override));
    }),
  removeOverride: protectedProcedure
    .input(z.strictObject({ id: z.string().max(100), overrideId: z.string().max(100) }))
    .mutation(async ({ ctx, input }) => {
      const schedules = schedulesOf(ctx);
      return schedules.view(await schedules.removeOverride(ctx.actor, input.id, input.overrideId));
    }),
  onCall: protectedProcedure
    .input(z.strictObject({ id: z.string().max(100), at: instantField.optional() }))
    .query(({ ctx, input }) => schedulesOf(ctx).onCall(ctx.actor, input.id, input.at)),
  /** Every visible schedule's people on call now and its next hand-off: the Now page's panel. */
  onCallNow: protectedProcedure.query(({ ctx }) => schedulesOf(ctx).onCallNow(ctx.actor)),
  calendar: protectedProcedure
    .input(
      z.strictObject({
        id: z.string().max(100),
        from: instantField.optional(),
        until: instantField.optional(),
      }),
    )
    .query(({ ctx, input }) => schedulesOf(ctx).calendar(ctx.actor, input.id, input)),
  swaps: protectedProcedure
    .input(idInput)
    .query(({ ctx, input }) => schedulesOf(ctx).swaps.list(ctx.actor, input.id)),
  offerSwap: protectedProcedure
    .input(z.strictObject({ id: z.string().max(100), swap: swapOfferBody }))
    .mutation(({ ctx, input }) => schedulesOf(ctx).swaps.offer(ctx.actor, input.id, input.swap)),
  takeSwap: protectedProcedure
    .input(z.strictObject({ id: z.string().max(100), swapId: z.string().max(100) }))
    .mutation(({ ctx, input }) => schedulesOf(ctx).swaps.take(ctx.actor, input.id, input.swapId)),
  withdrawSwap: protectedProcedure
    .input(z.strictObject({ id: z.string().max(100), swapId: z.string().max(100) }))
    .mutation(({ ctx, input }) => schedulesOf(ctx).swaps.withdraw(ctx.actor, input.id, input.swapId)),
  history: protectedProcedure
    .input(
      z.strictObject({
        id: z.string().max(100),
        from: instantField.optional(),
        until: instantField.optional(),
      }),
    )
    .query(({ ctx, input }) => schedulesOf(ctx).history.list(ctx.actor, input.id, input)),
  newIcalUrl: protectedProcedure
    .input(idInput)
    .mutation(({ ctx, input }) => schedulesOf(ctx).newIcalUrl(ctx.actor, input.id)),
});
