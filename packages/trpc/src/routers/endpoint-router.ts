import {
  endpointChangeOwnerInput,
  endpointCreateInput,
  endpointListInput,
  endpointUpdateInput,
  otpSendInput,
} from '../inputs/endpoint-inputs';
import { idInput } from '../inputs/strict-inputs';
import { protectedProcedure, router } from '../trpc';

export const endpointRouter = router({
  list: protectedProcedure
    .input(endpointListInput)
    .query(({ ctx, input }) => ctx.core.endpoints.list(ctx.actor, input)),
  flows: protectedProcedure.query(({ ctx }) => ctx.core.endpoints.indexFlow(ctx.actor)),
  flowStepCandidates: protectedProcedure.query(({ ctx }) => ctx.core.endpoints.flowStepCandidates(ctx.actor)),
  get: protectedProcedure
    .input(idInput)
    .query(({ ctx, input }) => ctx.core.endpoints.get(ctx.actor, input.id)),
  create: protectedProcedure
    .input(endpointCreateInput)
    .mutation(({ ctx, input }) => ctx.core.endpoints.create(ctx.actor, input)),
  update: protectedProcedure
    .input(endpointUpdateInput)
    .mutation(({ ctx, input: { id, ...data } }) => ctx.core.endpoints.update(ctx.actor, id, data)),
  delete: protectedProcedure
    .input(idInput)
    .mutation(({ ctx, input }) => ctx.core.endpoints.delete(ctx.actor, input.id)),
  changeOwner: protectedProcedure
    .input(endpointChangeOwnerInput)
    .mutation(({ ctx, input }) => ctx.core.endpoints.changeOwner(ctx.actor, input.id, input.userId)),
  sendOtp: protectedProcedure
    .input(otpSendInput)
    .mutation(({ ctx, input }) => ctx.core.otp.send(ctx.actor, input)),
});
