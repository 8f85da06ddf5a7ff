import { loginBody, refreshBody } from '@oncall/contracts';
import type { Builder } from '../builder';
import { tokenPairType } from '../types/token-pair';
import type { UserType } from '../types/user';
import { parseInput } from '../validation/parse-input';

export function registerAuthFields(builder: Builder, user: UserType): void {
  const tokenPair = tokenPairType(builder, user);

  builder.queryField('me', (t) =>
    t.field({
      type: user,
      resolve: async (_root, _args, ctx) => ctx.core.auth.me(await ctx.actor()),
    }),
  );

  builder.mutationFields((t) => ({
    login: t.field({
      type: tokenPair,
      args: { username: t.arg.string({ required: true }), password: t.arg.string({ required: true }) },
      resolve: (_root, args, ctx) => {
        const { username, password } = parseInput(loginBody, args);
        return ctx.core.auth.login(username, password, ctx.meta);
      },
    }),
    refresh: t.field({
      type: tokenPair,
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
}
