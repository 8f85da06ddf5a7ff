import { idInput, teamCreateInput, teamListInput, teamUpdateInput } from '../inputs/strict-inputs';
import { protectedProcedure, router } from '../trpc';

export const teamRouter = router({
  list: protectedProcedure
    .input(teamListInput)
    .query(({ ctx, input }) => ctx.core.teams.list(ctx.actor, input)),
  all: protectedProcedure.query(({ ctx }) => ctx.core.teams.all(ctx.actor)),
  get: protectedProcedure.input(idInput).query(({ ctx, input }) => ctx.core.teams.get(ctx.actor, input.id)),
  create: protectedProcedure
    .input(teamCreateInput)
    .mutation(({ ctx, input }) => ctx.core.teams.create(ctx.actor, input)),
  update: protectedProcedure
    .input(teamUpdateInput)
    .mutation(({ ctx, input: { id, ...data } }) => ctx.core.teams.update(ctx.actor, id, data)),
  delete: protectedProcedure
    .input(idInput)
    .mutation(({ ctx, input }) => ctx.core.teams.delete(ctx.actor, input.id)),
});
