import type { ProviderConfigForms, ProviderConfigInput } from '@oncall/core';
import { providerConfigInputs } from '../inputs/provider-config-inputs';
import { protectedProcedure, router } from '../trpc';

/** `configs.providerConfigs.*` for every provider config kind of the loaded plugins. */
export function createProviderConfigRouter(forms: ProviderConfigForms) {
  const inputs = providerConfigInputs(forms);
  return router({
    /** The kinds and each provider's fields, for a form drawn from them. */
    forms: protectedProcedure.query(({ ctx }) => ctx.core.providerConfigs.describeForms(ctx.actor)),
    list: protectedProcedure
      .input(inputs.kind)
      .query(({ ctx, input }) => ctx.core.providerConfigs.list(ctx.actor, input.kind)),
    availableProviders: protectedProcedure
      .input(inputs.kind)
      .query(({ ctx, input }) => ctx.core.providerConfigs.providers(ctx.actor, input.kind)),
    get: protectedProcedure
      .input(inputs.id)
      .query(({ ctx, input }) => ctx.core.providerConfigs.get(ctx.actor, input.kind, input.id)),
    create: protectedProcedure.input(inputs.create).mutation(({ ctx, input }) => {
      const { kind, ...data }: ProviderConfigWriteInput = input;
      return ctx.core.providerConfigs.create(ctx.actor, kind, data);
    }),
    update: protectedProcedure.input(inputs.update).mutation(({ ctx, input }) => {
      const { kind, id, ...data }: ProviderConfigWriteInput & { id: string } = input;
      return ctx.core.providerConfigs.update(ctx.actor, kind, id, data);
    }),
    /** Sends one test message through the config now (no fallback, no delivery log). */
    test: protectedProcedure
      .input(inputs.test)
      .mutation(({ ctx, input }) => ctx.core.providerConfigs.test(ctx.actor, input.kind, input.id, input.to)),
    delete: protectedProcedure
      .input(inputs.id)
      .mutation(({ ctx, input }) => ctx.core.providerConfigs.delete(ctx.actor, input.kind, input.id)),
    makeDefault: protectedProcedure
      .input(inputs.id)
      .mutation(({ ctx, input }) => ctx.core.providerConfigs.makeDefault(ctx.actor, input.kind, input.id)),
    makeBackup: protectedProcedure
      .input(inputs.id)
      .mutation(({ ctx, input }) => ctx.core.providerConfigs.makeBackup(ctx.actor, input.kind, input.id)),
  });
}

type ProviderConfigWriteInput = ProviderConfigInput & { kind: string };
