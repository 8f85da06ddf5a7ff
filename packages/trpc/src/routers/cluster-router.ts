import { clusterSaveInput } from '../inputs/config-inputs';
import { protectedProcedure, router } from '../trpc';

export const clusterRouter = router({
  get: protectedProcedure.query(({ ctx }) => ctx.core.cluster.get(ctx.actor)),
  save: protectedProcedure
    .input(clusterSaveInput)
    .mutation(({ ctx, input }) => ctx.core.cluster.save(ctx.actor, input)),
});
