import {
  changeOwnerBody,
  passwordChangeBody,
  userCreateBody,
  userListQuery,
  userUpdateBody,
} from '@oncall/contracts';
import type { Builder } from '../builder';
import { userInputs } from '../inputs/user-inputs';
import { movedCountType } from '../types/moved-count';
import { pageType } from '../types/page';
import type { RoleEnum } from '../types/role';
import type { UserType } from '../types/user';
import { userOptionType } from '../types/user-option';
import { parseInput } from '../validation/parse-input';

export function registerUserFields(
  builder: Builder,
  { user, role }: { user: UserType; role: RoleEnum },
): void {
  const userPage = pageType(builder, 'UserPage', user);
  const userOption = userOptionType(builder, role);
  const movedCount = movedCountType(builder);
  const inputs = userInputs(builder, role);

  builder.queryFields((t) => ({
    users: t.field({
      type: userPage,
      description: 'Owner and manager only. `perPage` is clamped to 1..100 (default 25).',
      args: {
        page: t.arg.int(),
        perPage: t.arg.int(),
        username: t.arg.string({ description: 'Substring match.' }),
      },
      resolve: async (_root, args, ctx) => {
        const actor = await ctx.actor();
        const query = parseInput(userListQuery, {
          page: args.page ?? undefined,
          perPage: args.perPage ?? undefined,
          username: args.username ?? undefined,
        });
        return ctx.core.users.list(actor, query);
      },
    }),
    allUsers: t.field({
      type: [userOption],
      resolve: async (_root, _args, ctx) => ctx.core.users.all(await ctx.actor()),
    }),
    user: t.field({
      type: user,
      args: { id: t.arg.id({ required: true }) },
      resolve: async (_root, args, ctx) => ctx.core.users.get(await ctx.actor(), args.id),
    }),
  }));

  builder.mutationFields((t) => ({
    createUser: t.field({
      type: user,
      args: { input: t.arg({ type: inputs.create, required: true }) },
      resolve: async (_root, args, ctx) => {
        const actor = await ctx.actor();
        return ctx.core.users.create(actor, parseInput(userCreateBody, args.input));
      },
    }),
    updateUser: t.field({
      type: user,
      args: { id: t.arg.id({ required: true }), input: t.arg({ type: inputs.update, required: true }) },
      resolve: async (_root, args, ctx) => {
        const actor = await ctx.actor();
        return ctx.core.users.update(actor, args.id, parseInput(userUpdateBody, args.input));
      },
    }),
    changePassword: t.field({
      type: user,
      description: "Also ends the user's other sessions.",
      args: {
        id: t.arg.id({ required: true }),
        input: t.arg({ type: inputs.changePassword, required: true }),
      },
      resolve: async (_root, args, ctx) => {
        const actor = await ctx.actor();
        const input = parseInput(passwordChangeBody, args.input);
        return ctx.core.users.changePassword(actor, args.id, input, ctx.meta);
      },
    }),
    deleteUser: t.field({
      type: user,
      description: 'Returns the deleted user; what it owned goes to the system admin.',
      args: { id: t.arg.id({ required: true }) },
      resolve: async (_root, args, ctx) => ctx.core.users.delete(await ctx.actor(), args.id),
    }),
    changeOwner: t.field({
      type: [movedCount],
      description: 'Moves every record one user owns to another. Owner role only.',
      args: { fromUser: t.arg.id({ required: true }), toUser: t.arg.id({ required: true }) },
      resolve: async (_root, args, ctx) => {
        const actor = await ctx.actor();
        const { fromUser, toUser } = parseInput(changeOwnerBody, args);
        const { moved } = await ctx.core.users.changeOwner(actor, fromUser, toUser);
        return Object.entries(moved).map(([kind, count]) => ({ kind, count }));
      },
    }),
  }));
}
