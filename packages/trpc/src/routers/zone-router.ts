import { Zones } from '@oncall/zones';
import { z } from 'zod';
import type { TrpcContext } from '../context';
import { protectedProcedure, router } from '../trpc';

const idInput = z.strictObject({ id: z.string().max(100) });
const zoneInput = z.strictObject({
  name: z.string().trim().min(1).max(190),
  url: z
    .string()
    .max(2000)
    .refine(
      (value) => /^https?:\/\/[^\s]+$/i.test(value) && URL.canParse(value),
      'The url must be an http(s) URL.',
    ),
});

const registryOf = (ctx: TrpcContext) => (ctx.zones ?? Zones.of(ctx.core)).registry;

/** The agent zones registered on this main, as REST's `/zones` has them. */
export const zoneRouter = router({
  list: protectedProcedure.query(({ ctx }) => registryOf(ctx).list(ctx.actor)),
  get: protectedProcedure.input(idInput).query(({ ctx, input }) => registryOf(ctx).get(ctx.actor, input.id)),
  register: protectedProcedure
    .input(zoneInput)
    .mutation(({ ctx, input }) => registryOf(ctx).register(ctx.actor, input)),
  update: protectedProcedure
    .input(idInput.extend(zoneInput.shape))
    .mutation(({ ctx, input }) =>
      registryOf(ctx).rename(ctx.actor, input.id, { name: input.name, url: input.url }),
    ),
  rotateToken: protectedProcedure
    .input(idInput)
    .mutation(({ ctx, input }) => registryOf(ctx).rotate(ctx.actor, input.id)),
  revokeToken: protectedProcedure
    .input(idInput)
    .mutation(({ ctx, input }) => registryOf(ctx).revoke(ctx.actor, input.id)),
  delete: protectedProcedure
    .input(idInput)
    .mutation(({ ctx, input }) => registryOf(ctx).remove(ctx.actor, input.id)),
});
