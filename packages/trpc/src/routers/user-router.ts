import {
  changeOwnerInput,
  idInput,
  passwordChangeInput,
  userCreateInput,
  userListInput,
  userUpdateInput,
} from '../inputs/strict-inputs';
import { protectedProcedure, router } from '../trpc';

export const userRouter = router({
  list: protectedProcedure
    .input(userListInput)
    .query(({ ctx, input }) => ctx.core.users.list(ctx.actor, input)),
  all: protectedProcedure.query(({ ctx }) => ctx.core.users.all(ctx.actor)),
  get: protectedProcedure.input(idInput).query(({ ctx, input }) => ctx.core.users.get(ctx.actor, input.id)),
  create: protectedProcedure
    .input(userCreateInput)
    .mutation(({ ctx, input }) => ctx.core.users.create(ctx.actor, input)),
  update: protectedProcedure
    .input(userUpdateInput)
    .mutation(({ ctx, input: { id, ...data } }) => ctx.core.users.update(ctx.actor, id, data)),
  changePassword: protectedProcedure
    .input(passwordChangeInput)
    .mutation(({ ctx, input }) => ctx.core.users.changePassword(ctx.actor, input.id, input, { ip: ctx.ip })),
  delete: protectedProcedure
    .input(idInput)
    .mutation(({ ctx, input }) => ctx.core.users.delete(ctx.actor, input.id)),
  changeOwner: protectedProcedure
    .input(changeOwnerInput)
    .mutation(({ ctx, input }) => ctx.core.users.changeOwner(ctx.actor, input.fromUser, input.toUser)),
});
