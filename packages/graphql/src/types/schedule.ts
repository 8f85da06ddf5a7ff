import type { TeamView } from '@oncall/core';
import type { OnCallPerson, OnCallWhenFired, StoredSchedule } from '@oncall/schedules';
import { Schedules } from '@oncall/schedules';
import type { ObjectRef } from '@pothos/core';
import type { Builder, BuilderTypes } from '../builder';
import type { GraphqlContext } from '../context';
import { scheduleLayerTypes } from './schedule-layer';

type Ref<T> = ObjectRef<BuilderTypes, T>;

export const schedulesOf = (ctx: GraphqlContext) => ctx.schedules ?? Schedules.of(ctx.core);

/**
 * A team's on-call schedule, its people on call now from the one resolver (as REST's and tRPC's
 * `on-call`), and a stretch of the on-call history ("who was on call when it fired").
 */
export function scheduleTypes(builder: Builder, refs: { team: Ref<TeamView> }) {
  const person = builder.objectRef<OnCallPerson>('OnCallPerson').implement({
    description: 'A person on call, and why: the layer and rotation, or the override, that put them there.',
    fields: (t) => ({
      userId: t.exposeID('userId'),
      name: t.exposeString('name'),
      layerId: t.exposeString('layerId', { nullable: true }),
      rotationId: t.exposeString('rotationId', { nullable: true }),
      overrideId: t.exposeString('overrideId', { nullable: true }),
    }),
  });

  const parts = scheduleLayerTypes(builder);

  const schedule = builder.objectRef<StoredSchedule>('Schedule').implement({
    description: "A team's on-call schedule, in an IANA time zone.",
    fields: (t) => ({
      id: t.exposeID('id'),
      name: t.exposeString('name'),
      timeZone: t.exposeString('timeZone', { description: 'IANA zone name, e.g. `Europe/London`.' }),
      team: t.field({
        type: refs.team,
        nullable: true,
        resolve: (s, _args, ctx) => ctx.loaders.team(s.teamId),
      }),
      layers: t.field({
        type: [parts.layer],
        description: 'Layers with rotation versions in force now or later, as REST reads them.',
        resolve: (s, _args, ctx) => schedulesOf(ctx).view(s).layers,
      }),
      overrides: t.field({
        type: [parts.override],
        description: 'Overrides that have not ended.',
        resolve: (s, _args, ctx) => schedulesOf(ctx).view(s).overrides,
      }),
      onCallNow: t.field({
        type: [person],
        description: 'Who is on call now, overrides and taken swaps included.',
        resolve: async (s, _args, ctx) => (await schedulesOf(ctx).onCall(await ctx.actor(), s.id)).onCall,
      }),
    }),
  });

  const stretch = builder.objectRef<OnCallWhenFired>('OnCallStretch').implement({
    description:
      'A stretch of the append-only on-call history: who was on call on a schedule, from when to when, and why.',
    fields: (t) => ({
      scheduleId: t.exposeID('scheduleId'),
      scheduleName: t.exposeString('scheduleName'),
      userId: t.exposeID('userId'),
      name: t.exposeString('name'),
      from: t.exposeString('from', { description: 'ISO 8601 timestamp.' }),
      until: t.exposeString('until', { nullable: true, description: 'Null while the stretch lasts.' }),
      layerId: t.exposeString('layerId', { nullable: true }),
      rotationId: t.exposeString('rotationId', { nullable: true }),
      overrideId: t.exposeString('overrideId', { nullable: true }),
    }),
  });

  return { person, schedule, stretch };
}
