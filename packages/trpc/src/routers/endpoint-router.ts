import type { EndpointCatalog } from '@oncall/contracts';
import {
  endpointChangeOwnerInput,
  endpointInputs,
  endpointListInput,
  endpointTransferListInput,
} from '../inputs/endpoint-inputs';
import { idInput } from '../inputs/strict-inputs';
import { protectedProcedure, router } from '../trpc';
import { endpointTypeForms } from './endpoint-type-forms';

/** The endpoint procedures; create, update and sendOtp take one shape per endpoint type of the catalog. */
export function createEndpointRouter(catalog: EndpointCatalog) {
  const inputs = endpointInputs(catalog);
  const forms = endpointTypeForms(catalog);
  return router({
    /** Each type's form (label, one-time code, destination fields), from what its plugin declares. */
    types: protectedProcedure.query(() => forms),
    list: protectedProcedure
      .input(endpointListInput)
      .query(({ ctx, input }) => ctx.core.endpoints.list(ctx.actor, input)),
    flows: protectedProcedure.query(({ ctx }) => ctx.core.endpoints.indexFlow(ctx.actor)),
    flowStepCandidates: protectedProcedure.query(({ ctx }) =>
      ctx.core.endpoints.flowStepCandidates(ctx.actor),
    ),
    get: protectedProcedure
      .input(idInput)
      .query(({ ctx, input }) => ctx.core.endpoints.get(ctx.actor, input.id)),
    create: protectedProcedure
      .input(inputs.create)
      .mutation(({ ctx, input }) => ctx.core.endpoints.create(ctx.actor, input)),
    update: protectedProcedure
      .input(inputs.update)
      .mutation(({ ctx, input: { id, ...data } }) => ctx.core.endpoints.update(ctx.actor, id, data)),
    delete: protectedProcedure
      .input(idInput)
      .mutation(({ ctx, input }) => ctx.core.endpoints.delete(ctx.actor, input.id)),
    changeOwner: protectedProcedure
      .input(endpointChangeOwnerInput)
      .mutation(({ ctx, input }) => ctx.core.endpoints.changeOwner(ctx.actor, input.id, input.userId)),
    transfers: protectedProcedure
      .input(endpointTransferListInput)
      .query(({ ctx, input }) => ctx.core.endpointTransfers.listPending(ctx.actor, input.direction)),
    acceptTransfer: protectedProcedure
      .input(idInput)
      .mutation(({ ctx, input }) => ctx.core.endpointTransfers.decide(ctx.actor, input.id, 'accept')),
    declineTransfer: protectedProcedure
      .input(idInput)
      .mutation(({ ctx, input }) => ctx.core.endpointTransfers.decide(ctx.actor, input.id, 'decline')),
    cancelTransfer: protectedProcedure
      .input(idInput)
      .mutation(({ ctx, input }) => ctx.core.endpointTransfers.decide(ctx.actor, input.id, 'cancel')),
    sendOtp: protectedProcedure
      .input(inputs.sendOtp)
      .mutation(({ ctx, input }) => ctx.core.otp.send(ctx.actor, input)),
  });
}
