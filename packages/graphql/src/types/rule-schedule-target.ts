import type { ScheduleTargetView } from '@oncall/contracts';
import type { StoredSchedule } from '@oncall/schedules';
import type { ObjectRef } from '@pothos/core';
import type { Builder, BuilderTypes } from '../builder';

/**
 * A schedule a rule pages directly. Anyone who reads the rule sees the target's settings; the
 * schedule itself (its name, who is on call) only those who may use it, as `schedule(id)` answers.
 */
export function ruleScheduleTargetType(
  builder: Builder,
  schedule: ObjectRef<BuilderTypes, StoredSchedule>,
): ObjectRef<BuilderTypes, ScheduleTargetView> {
  const ifNobody = builder.enumType('IfNobodyOnCall', {
    description: "With nobody on call: page the schedule's team admins, or nobody.",
    values: ['teamAdmins', 'nobody'] as const,
  });
  const urgency = builder.enumType('PageUrgency', {
    description: "Which of each person's notification rules run.",
    values: ['default', 'high'] as const,
  });
  return builder.objectRef<ScheduleTargetView>('AlertRuleScheduleTarget').implement({
    description: 'A schedule the rule pages directly: everyone on call in it, by their notification rules.',
    fields: (t) => ({
      id: t.exposeID('id', {
        description: "The target's id: the delivery log's `flowEndpointId` for its pages.",
      }),
      scheduleId: t.exposeID('scheduleId'),
      scheduleName: t.string({
        nullable: true,
        description: 'Null when the caller may not use the schedule.',
        resolve: async (target, _args, ctx) =>
          (await ctx.usableSchedules.get(target.scheduleId))?.name ?? null,
      }),
      schedule: t.field({
        type: schedule,
        nullable: true,
        description: 'Null when the caller may not use the schedule.',
        resolve: (target, _args, ctx) => ctx.usableSchedules.get(target.scheduleId),
      }),
      ifNobodyOnCall: t.field({ type: ifNobody, resolve: (target) => target.ifNobodyOnCall }),
      urgency: t.field({ type: urgency, resolve: (target) => target.urgency }),
      roundRobin: t.exposeBoolean('roundRobin', {
        description: 'One of the people on call per alert, the next one for the next alert.',
      }),
    }),
  });
}
