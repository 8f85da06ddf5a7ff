import {
  idInput,
  statusGroupCreateInput,
  statusGroupListInput,
  statusGroupUpdateInput,
} from '../inputs/strict-inputs';
import { protectedProcedure, router } from '../trpc';

/** The status page: its cards for everyone signed in, its groups for the owner and manager roles. */
export const statusGroupRouter = router({
  cards: protectedProcedure.query(({ ctx }) => ctx.core.statusGroups.cards(ctx.actor)),
  list: protectedProcedure
    .input(statusGroupListInput)
    .query(({ ctx, input }) => ctx.core.statusGroups.list(ctx.actor, input)),
  get: protectedProcedure
    .input(idInput)
    .query(({ ctx, input }) => ctx.core.statusGroups.get(ctx.actor, input.id)),
  create: protectedProcedure
    .input(statusGroupCreateInput)
    .mutation(({ ctx, input }) => ctx.core.statusGroups.create(ctx.actor, input)),
  update: protectedProcedure
    .input(statusGroupUpdateInput)
    .mutation(({ ctx, input: { id, ...data } }) => ctx.core.statusGroups.update(ctx.actor, id, data)),
  delete: protectedProcedure
    .input(idInput)
    .mutation(({ ctx, input }) => ctx.core.statusGroups.delete(ctx.actor, input.id)),
});
