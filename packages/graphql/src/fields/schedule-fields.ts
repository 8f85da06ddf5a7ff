import type { AlertRuleView, EpisodeView, HistoryEventView, TeamView } from '@oncall/core';
import type { ObjectRef } from '@pothos/core';
import type { Builder, BuilderTypes } from '../builder';
import { ruleScheduleTargetType } from '../types/rule-schedule-target';
import { schedulesOf, scheduleTypes } from '../types/schedule';

type Ref<T> = ObjectRef<BuilderTypes, T>;

/**
 * Schedules as REST and tRPC read them (the caller's teams' only, owners and managers all), who is
 * on call now, who was on call when an episode fired or an event was made, from the history, and
 * the schedules a rule pages directly.
 */
export function registerScheduleFields(
  builder: Builder,
  refs: {
    team: Ref<TeamView>;
    rule: Ref<AlertRuleView>;
    episode: Ref<EpisodeView>;
    event: Ref<HistoryEventView>;
  },
) {
  const types = scheduleTypes(builder, refs);
  const target = ruleScheduleTargetType(builder, types.schedule);
  builder.queryFields((t) => ({
    schedules: t.field({
      type: [types.schedule],
      description: 'The schedules of the caller’s teams (every schedule for owners and managers), by name.',
      resolve: async (_root, _args, ctx) => schedulesOf(ctx).list(await ctx.actor()),
    }),
    schedule: t.field({
      type: types.schedule,
      args: { id: t.arg.id({ required: true }) },
      resolve: async (_root, args, ctx) => schedulesOf(ctx).get(await ctx.actor(), args.id),
    }),
  }));
  builder.objectField(refs.rule, 'scheduleTargets', (t) =>
    t.field({
      type: [target],
      description: 'Schedules the rule pages directly, without a flow.',
      resolve: (rule) => rule.scheduleTargets,
    }),
  );
  builder.objectField(refs.episode, 'onCallWhenFired', (t) =>
    t.field({
      type: [types.stretch],
      description:
        'Who was on call when it fired, on the schedules of its rule’s teams that the caller may use, as the on-call history wrote it.',
      resolve: (e, _args, ctx) => ctx.onCall.at(e.ruleId, e.firedAt),
    }),
  );
  builder.objectField(refs.event, 'onCallWhenMade', (t) =>
    t.field({
      type: [types.stretch],
      description:
        'Who was on call when the event was made, on the schedules of its rule’s teams that the caller may use.',
      resolve: (e, _args, ctx) => ctx.onCall.at(e.ruleId, e.createdAt),
    }),
  );
}
