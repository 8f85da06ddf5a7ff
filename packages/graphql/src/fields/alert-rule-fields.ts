import { alertRuleFilterShape, pageQueryShape, silentStatusField } from '@oncall/contracts';
import { z } from 'zod';
import { builder } from '../builder';
import { AlertRuleFilterInput } from '../inputs/alert-rule-filter-input';
import { AlertRuleType } from '../types/alert-rule';
import { AlertRulePageType } from '../types/page';
import { parseInput } from '../validation/parse-input';

const listQuery = z.object({
  ...pageQueryShape(),
  ...alertRuleFilterShape,
  silentStatus: silentStatusField.optional(),
});

/** Read-only, for reporting: rules are managed over REST and tRPC. */
builder.queryFields((t) => ({
  alertRules: t.field({
    type: AlertRulePageType,
    description: 'Rules the caller can see, pinned first, then newest first. `perPage` is clamped to 1..100.',
    args: {
      page: t.arg.int(),
      perPage: t.arg.int(),
      filters: t.arg({ type: AlertRuleFilterInput }),
    },
    resolve: async (_root, args, ctx) => {
      const actor = await ctx.actor();
      const filters = Object.fromEntries(
        Object.entries(args.filters ?? {}).filter(([, value]) => value !== null && value !== undefined),
      );
      const query = parseInput(listQuery, {
        page: args.page ?? undefined,
        perPage: args.perPage ?? undefined,
        ...filters,
      });
      return ctx.core.alertRules.list(actor, query);
    },
  }),
  alertRule: t.field({
    type: AlertRuleType,
    args: { id: t.arg.id({ required: true }) },
    resolve: async (_root, args, ctx) => ctx.core.alertRules.get(await ctx.actor(), args.id),
  }),
}));
