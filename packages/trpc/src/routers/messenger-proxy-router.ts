import {
  messengerProxyCreateInput,
  messengerProxyListInput,
  messengerProxyUpdateInput,
} from '../inputs/config-inputs';
import { idInput } from '../inputs/strict-inputs';
import { protectedProcedure, router } from '../trpc';

export const messengerProxyRouter = router({
  list: protectedProcedure
    .input(messengerProxyListInput)
    .query(({ ctx, input }) => ctx.core.messengerProxies.list(ctx.actor, input)),
  get: protectedProcedure
    .input(idInput)
    .query(({ ctx, input }) => ctx.core.messengerProxies.get(ctx.actor, input.id)),
  create: protectedProcedure
    .input(messengerProxyCreateInput)
    .mutation(({ ctx, input }) => ctx.core.messengerProxies.create(ctx.actor, input)),
  update: protectedProcedure
    .input(messengerProxyUpdateInput)
    .mutation(({ ctx, input: { id, ...data } }) => ctx.core.messengerProxies.update(ctx.actor, id, data)),
  delete: protectedProcedure
    .input(idInput)
    .mutation(({ ctx, input }) => ctx.core.messengerProxies.delete(ctx.actor, input.id)),
  activate: protectedProcedure
    .input(idInput)
    .mutation(({ ctx, input }) => ctx.core.messengerProxies.activate(ctx.actor, input.id)),
  /** Answers the config it deactivated, or `null` when none was active. */
  deactivate: protectedProcedure.mutation(({ ctx }) => ctx.core.messengerProxies.deactivate(ctx.actor)),
});
