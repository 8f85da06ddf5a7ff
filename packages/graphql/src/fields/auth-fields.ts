import { loginBody, refreshBody } from '@oncall/contracts';
import { builder } from '../builder';
import { TokenPairType } from '../types/token-pair';
import { UserType } from '../types/user';
import { parseInput } from '../validation/parse-input';

builder.queryField('me', (t) =>
  t.field({
    type: UserType,
    resolve: async (_root, _args, ctx) => ctx.core.auth.me(await ctx.actor()),
  }),
);

builder.mutationFields((t) => ({
  login: t.field({
    type: TokenPairType,
    args: { username: t.arg.string({ required: true }), password: t.arg.string({ required: true }) },
    resolve: (_root, args, ctx) => {
      const { username, password } = parseInput(loginBody, args);
      return ctx.core.auth.login(username, password, ctx.meta);
    },
  }),
  refresh: t.field({
    type: TokenPairType,
    args: { refreshToken: t.arg.string({ required: true }) },
    resolve: (_root, args, ctx) =>
      ctx.core.auth.refresh(parseInput(refreshBody.required(), args).refreshToken),
  }),
  logout: t.boolean({
    description: 'Revokes the current session; its access and refresh tokens stop working at once.',
    resolve: async (_root, _args, ctx) => {
      await ctx.core.auth.logout(await ctx.actor());
      return true;
    },
  }),
}));
