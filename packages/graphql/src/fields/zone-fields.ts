import { Zones } from '@oncall/zones';
import type { Builder } from '../builder';
import type { GraphqlContext } from '../context';
import { zoneType } from '../types/zone';

const registryOf = (ctx: GraphqlContext) => (ctx.zones ?? Zones.of(ctx.core)).registry;

/** The agent zones and their state (owner and manager roles), as REST's `GET /zones` has them. */
export function registerZoneFields(builder: Builder) {
  const zone = zoneType(builder);
  builder.queryFields((t) => ({
    zones: t.field({
      type: [zone],
      description: 'The agent zones registered on this main, with their state (owner and manager roles).',
      resolve: async (_root, _args, ctx) => registryOf(ctx).list(await ctx.actor()),
    }),
  }));
}
