import {
  type AlertRuleTypeCatalog,
  alertRuleFilterShape,
  pageQueryShape,
  silentStatusField,
} from '@oncall/contracts';
import { z } from 'zod';
import type { Builder } from '../builder';
import { alertRuleFilterInput } from '../inputs/alert-rule-filter-input';
import { alertRuleType } from '../types/alert-rule';
import { alertRuleTypeEnum } from '../types/alert-rule-type';
import { alertStateEnum } from '../types/alert-state';
import { pageType } from '../types/page';
import { silentStatusEnum } from '../types/silent-status';
import { parseInput } from '../validation/parse-input';

/** Read-only, for reporting: rules are managed over REST and tRPC. Rule types are the catalog's. */
export function registerAlertRuleFields(builder: Builder, catalog: AlertRuleTypeCatalog) {
  const enums = {
    ruleType: alertRuleTypeEnum(builder, [...catalog.keys()]),
    state: alertStateEnum(builder),
    silentStatus: silentStatusEnum(builder),
  };
  const rule = alertRuleType(builder, enums);
  const rulePage = pageType(builder, 'AlertRulePage', rule);
  const filterInput = alertRuleFilterInput(builder, enums);
  const listQuery = z.object({
    ...pageQueryShape(),
    ...alertRuleFilterShape(catalog),
    silentStatus: silentStatusField.optional(),
  });

  builder.queryFields((t) => ({
    alertRules: t.field({
      type: rulePage,
      description:
        'Rules the caller can see, pinned first, then newest first. `perPage` is clamped to 1..100.',
      args: {
        page: t.arg.int(),
        perPage: t.arg.int(),
        filters: t.arg({ type: filterInput }),
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
      type: rule,
      args: { id: t.arg.id({ required: true }) },
      resolve: async (_root, args, ctx) => ctx.core.alertRules.get(await ctx.actor(), args.id),
    }),
  }));
  return { rule, ruleType: enums.ruleType, state: enums.state };
}
