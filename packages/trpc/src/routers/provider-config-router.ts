import {
  providerConfigCreateInput,
  providerConfigIdInput,
  providerConfigUpdateInput,
  providerKindInput,
} from '../inputs/config-inputs';
import { protectedProcedure, router } from '../trpc';

export const providerConfigRouter = router({
  list: protectedProcedure
    .input(providerKindInput)
    .query(({ ctx, input }) => ctx.core.providerConfigs.list(ctx.actor, input.kind)),
  availableProviders: protectedProcedure
    .input(providerKindInput)
    .query(({ ctx, input }) => ctx.core.providerConfigs.providers(ctx.actor, input.kind)),
  get: protectedProcedure
    .input(providerConfigIdInput)
    .query(({ ctx, input }) => ctx.core.providerConfigs.get(ctx.actor, input.kind, input.id)),
  create: protectedProcedure
    .input(providerConfigCreateInput)
    .mutation(({ ctx, input: { kind, ...data } }) => ctx.core.providerConfigs.create(ctx.actor, kind, data)),
  update: protectedProcedure
    .input(providerConfigUpdateInput)
    .mutation(({ ctx, input: { kind, id, ...data } }) =>
      ctx.core.providerConfigs.update(ctx.actor, kind, id, data),
    ),
  delete: protectedProcedure
    .input(providerConfigIdInput)
    .mutation(({ ctx, input }) => ctx.core.providerConfigs.delete(ctx.actor, input.kind, input.id)),
  makeDefault: protectedProcedure
    .input(providerConfigIdInput)
    .mutation(({ ctx, input }) => ctx.core.providerConfigs.makeDefault(ctx.actor, input.kind, input.id)),
  makeBackup: protectedProcedure
    .input(providerConfigIdInput)
    .mutation(({ ctx, input }) => ctx.core.providerConfigs.makeBackup(ctx.actor, input.kind, input.id)),
});
