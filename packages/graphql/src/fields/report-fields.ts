import type {
  AlertRuleView,
  DeliveryGrouping,
  ReportGrouping,
  StateGrouping,
  TeamView,
  UserView,
} from '@oncall/core';
import type { ObjectRef } from '@pothos/core';
import { z } from 'zod';
import type { Builder, BuilderTypes } from '../builder';
import { reportFilterInput } from '../inputs/report-filter-input';
import { listArg, reportFilterOf } from '../reporting/report-filter-args';
import { connectionOf, sliceQueryOf } from '../reporting/slice-args';
import type { AlertRuleTypeEnum } from '../types/alert-rule-type';
import type { AlertStateEnum } from '../types/alert-state';
import { reportEnums } from '../types/report-enums';
import { deliveryKeyset, episodeKeyset, eventKeyset, reportRecordTypes } from '../types/report-records';
import { reportStatsTypes } from '../types/report-stats';
import { parseInput } from '../validation/parse-input';

type Ref<T> = ObjectRef<BuilderTypes, T>;

const noisiestFirst = z.object({ first: z.number().int().min(1).max(100).default(10) });

/**
 * Reporting, read-only: episodes, history events and delivery attempts as Relay connections, and
 * aggregates over them. Everything stays within the rules the caller may see (the core decides);
 * nested fields load in batches (`ReportLoaders`), one statement per level.
 */
export function registerReportFields(
  builder: Builder,
  refs: {
    rule: Ref<AlertRuleView>;
    team: Ref<TeamView>;
    user: Ref<UserView>;
    ruleType: AlertRuleTypeEnum;
    state: AlertStateEnum;
  },
) {
  const enums = reportEnums(builder);
  const records = reportRecordTypes(builder, { rule: refs.rule, state: refs.state, enums });
  const stats = reportStatsTypes(builder, { rule: refs.rule, team: refs.team, state: refs.state });
  const filter = reportFilterInput(builder, { ruleType: refs.ruleType, state: refs.state });

  builder.queryFields((t) => ({
    episodes: t.connection(
      {
        type: records.episode,
        description: 'Episodes fired in the range, newest fire first.',
        args: {
          filter: t.arg({ type: filter }),
          statuses: t.arg({ type: [enums.episodeStatus] }),
        },
        resolve: async (_root, args, ctx) => {
          const actor = await ctx.actor();
          const query = { ...reportFilterOf(args.filter), statuses: listArg(args.statuses) };
          return connectionOf(
            await ctx.core.reporting.episodes(actor, query, sliceQueryOf(args)),
            episodeKeyset,
          );
        },
      },
      records.connections.episode,
    ),
    historyEvents: t.connection(
      {
        type: records.event,
        description: 'History events made in the range, newest first.',
        args: {
          filter: t.arg({ type: filter }),
          kinds: t.arg({ type: [enums.eventKind] }),
          states: t.arg({ type: [refs.state], description: 'The instance’s state after the event.' }),
        },
        resolve: async (_root, args, ctx) => {
          const actor = await ctx.actor();
          const query = {
            ...reportFilterOf(args.filter),
            kinds: listArg(args.kinds),
            states: listArg(args.states),
          };
          return connectionOf(await ctx.core.reporting.events(actor, query, sliceQueryOf(args)), eventKeyset);
        },
      },
      records.connections.event,
    ),
    deliveries: t.connection(
      {
        type: records.delivery,
        description: 'Delivery attempts of alert pages made in the range, newest first.',
        args: {
          filter: t.arg({ type: filter }),
          outcomes: t.arg({ type: [enums.outcome] }),
          channels: t.arg.stringList({ description: 'Endpoint types.' }),
        },
        resolve: async (_root, args, ctx) => {
          const actor = await ctx.actor();
          const query = {
            ...reportFilterOf(args.filter),
            outcomes: listArg(args.outcomes),
            channels: listArg(args.channels),
          };
          return connectionOf(
            await ctx.core.reporting.deliveries(actor, query, sliceQueryOf(args)),
            deliveryKeyset,
          );
        },
      },
      records.connections.delivery,
    ),
    episodeStats: t.field({
      type: [stats.episodeStats],
      description: 'Episodes, MTTA and MTTR (p50/p90/p99) per group.',
      args: { filter: t.arg({ type: filter }), groupBy: t.arg({ type: enums.grouping }) },
      resolve: async (_root, args, ctx) => {
        const actor = await ctx.actor();
        const grouping: ReportGrouping = args.groupBy ?? 'none';
        return ctx.core.reporting.episodeStats(actor, reportFilterOf(args.filter), grouping);
      },
    }),
    pageStats: t.field({
      type: [stats.pageStats],
      description: 'Pages per group.',
      args: { filter: t.arg({ type: filter }), groupBy: t.arg({ type: enums.grouping }) },
      resolve: async (_root, args, ctx) => {
        const actor = await ctx.actor();
        const grouping: ReportGrouping = args.groupBy ?? 'none';
        return ctx.core.reporting.pageStats(actor, reportFilterOf(args.filter), grouping);
      },
    }),
    deliveryStats: t.field({
      type: [stats.deliveryStats],
      description: 'Success rate, latency and fallback rate per channel and/or provider.',
      args: { filter: t.arg({ type: filter }), groupBy: t.arg({ type: enums.deliveryGrouping }) },
      resolve: async (_root, args, ctx) => {
        const actor = await ctx.actor();
        const grouping: DeliveryGrouping = args.groupBy ?? 'channelAndProvider';
        return ctx.core.reporting.deliveryStats(actor, reportFilterOf(args.filter), grouping);
      },
    }),
    noisiestRules: t.field({
      type: [stats.ruleNoise],
      description: 'The rules that fired most in the range; `first` 1..100 (default 10).',
      args: { filter: t.arg({ type: filter }), first: t.arg.int() },
      resolve: async (_root, args, ctx) => {
        const actor = await ctx.actor();
        const { first } = parseInput(noisiestFirst, { first: args.first ?? undefined });
        return ctx.core.reporting.noisiestRules(actor, reportFilterOf(args.filter), first);
      },
    }),
    stateDurations: t.field({
      type: [stats.stateDuration],
      description: 'Time spent in each rule state within the range, per group.',
      args: { filter: t.arg({ type: filter }), groupBy: t.arg({ type: enums.stateGrouping }) },
      resolve: async (_root, args, ctx) => {
        const actor = await ctx.actor();
        const grouping: StateGrouping = args.groupBy ?? 'rule';
        return ctx.core.reporting.stateDurations(actor, reportFilterOf(args.filter), grouping);
      },
    }),
  }));

  builder.objectFields(refs.rule, (t) => ({
    episodes: t.connection(
      {
        type: records.episode,
        description: 'The rule’s episodes, newest fire first.',
        resolve: async (rule, args, ctx) =>
          connectionOf(await ctx.loaders.ruleEpisodes(rule.id, sliceQueryOf(args)), episodeKeyset),
      },
      records.connections.episode,
    ),
  }));

  builder.objectFields(refs.team, (t) => ({
    rules: t.field({
      type: [refs.rule],
      description: 'The rules shared with the team that the caller may see.',
      resolve: (team, _args, ctx) => ctx.loaders.teamRules(team.id),
    }),
  }));

  builder.objectFields(refs.user, (t) => ({
    acknowledgements: t.connection(
      {
        type: records.event,
        description: 'The user’s acknowledgements on rules the caller may see, newest first.',
        resolve: async (user, args, ctx) =>
          connectionOf(await ctx.loaders.userAcknowledgements(user.id, sliceQueryOf(args)), eventKeyset),
      },
      records.connections.event,
    ),
  }));
  return records;
}
