import { teamBody, teamListQuery } from '@oncall/contracts';
import type { Builder } from '../builder';
import { teamInput } from '../inputs/team-input';
import { pageType } from '../types/page';
import { teamType } from '../types/team';
import { parseInput } from '../validation/parse-input';

export function registerTeamFields(builder: Builder) {
  const team = teamType(builder);
  const teamPage = pageType(builder, 'TeamPage', team);
  const input = teamInput(builder);

  builder.queryFields((t) => ({
    teams: t.field({
      type: teamPage,
      description: '`perPage` is clamped to 1..100 (default 25).',
      args: {
        page: t.arg.int(),
        perPage: t.arg.int(),
        name: t.arg.string({ description: 'Substring match.' }),
      },
      resolve: async (_root, args, ctx) => {
        const actor = await ctx.actor();
        const query = parseInput(teamListQuery, {
          page: args.page ?? undefined,
          perPage: args.perPage ?? undefined,
          name: args.name ?? undefined,
        });
        return ctx.core.teams.list(actor, query);
      },
    }),
    allTeams: t.field({
      type: [team],
      resolve: async (_root, _args, ctx) => ctx.core.teams.all(await ctx.actor()),
    }),
    team: t.field({
      type: team,
      args: { id: t.arg.id({ required: true }) },
      resolve: async (_root, args, ctx) => ctx.core.teams.get(await ctx.actor(), args.id),
    }),
  }));

  builder.mutationFields((t) => ({
    createTeam: t.field({
      type: team,
      args: { input: t.arg({ type: input, required: true }) },
      resolve: async (_root, args, ctx) => {
        const actor = await ctx.actor();
        return ctx.core.teams.create(actor, parseInput(teamBody, args.input));
      },
    }),
    updateTeam: t.field({
      type: team,
      args: { id: t.arg.id({ required: true }), input: t.arg({ type: input, required: true }) },
      resolve: async (_root, args, ctx) => {
        const actor = await ctx.actor();
        return ctx.core.teams.update(actor, args.id, parseInput(teamBody, args.input));
      },
    }),
    deleteTeam: t.field({
      type: team,
      description: 'Returns the deleted team.',
      args: { id: t.arg.id({ required: true }) },
      resolve: async (_root, args, ctx) => ctx.core.teams.delete(await ctx.actor(), args.id),
    }),
  }));
  return team;
}
