import { loginInput, refreshInput } from '../inputs/strict-inputs';
import { protectedProcedure, publicProcedure, router } from '../trpc';

export const authRouter = router({
  login: publicProcedure
    .input(loginInput)
    .mutation(({ ctx, input }) =>
      ctx.core.auth.login(input.username, input.password, { ip: ctx.ip, userAgent: ctx.userAgent }),
    ),
  refresh: publicProcedure
    .input(refreshInput)
    .mutation(({ ctx, input }) => ctx.core.auth.refresh(input.refreshToken)),
  logout: protectedProcedure.mutation(({ ctx }) => ctx.core.auth.logout(ctx.actor)),
  me: protectedProcedure.query(({ ctx }) => ctx.core.auth.me(ctx.actor)),
});
