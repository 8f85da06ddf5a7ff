import type { DataSourceCatalog } from '@oncall/contracts';
import { dataSourceInputs, dataSourceListInput } from '../inputs/data-source-inputs';
import { idInput } from '../inputs/strict-inputs';
import { protectedProcedure, router } from '../trpc';

/** `dataSources.*`, its type inputs built for the types of `catalog`. */
export function dataSourceRouter(catalog: DataSourceCatalog) {
  const inputs = dataSourceInputs(catalog);
  return router({
    list: protectedProcedure
      .input(dataSourceListInput)
      .query(({ ctx, input }) => ctx.core.dataSources.list(ctx.actor, input)),
    types: protectedProcedure.query(({ ctx }) => ctx.core.dataSources.types(ctx.actor)),
    get: protectedProcedure
      .input(idInput)
      .query(({ ctx, input }) => ctx.core.dataSources.get(ctx.actor, input.id)),
    create: protectedProcedure
      .input(inputs.create)
      .mutation(({ ctx, input }) => ctx.core.dataSources.create(ctx.actor, input)),
    update: protectedProcedure
      .input(inputs.update)
      .mutation(({ ctx, input: { id, ...data } }) => ctx.core.dataSources.update(ctx.actor, id, data)),
    delete: protectedProcedure
      .input(idInput)
      .mutation(({ ctx, input }) => ctx.core.dataSources.delete(ctx.actor, input.id)),
    /** A query, though it connects out: it changes nothing, and clients poll it for a badge. */
    status: protectedProcedure
      .input(idInput)
      .query(({ ctx, input }) => ctx.core.dataSources.status(ctx.actor, input.id)),
    /** The rule form's pick list; open to anyone signed in. */
    ofType: protectedProcedure
      .input(inputs.ofType)
      .query(({ ctx, input }) => ctx.core.dataSources.optionsOfType(ctx.actor, input.type)),
  });
}
