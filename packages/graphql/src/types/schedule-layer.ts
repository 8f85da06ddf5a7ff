import type { ScheduleView } from '@oncall/contracts';
import type { Builder } from '../builder';

type LayerView = ScheduleView['layers'][number];
type RotationView = LayerView['rotations'][number];
/** Wrapped: GraphQL reads a null parent as a missing object, and a gap is null. */
type MemberView = { people: RotationView['members'][number] };
type ActiveWindowView = RotationView['activeWindows'][number];
type OverrideView = ScheduleView['overrides'][number];

/**
 * A schedule's layers, rotations and overrides as REST's and tRPC's schedule read shows them: the
 * rotation versions in force now or later and the overrides that have not ended.
 */
export function scheduleLayerTypes(builder: Builder) {
  const memberKind = builder.enumType('RotationMemberKind', {
    description: 'user: one person; group: people on call together for the shift; gap: nobody on call.',
    values: ['user', 'group', 'gap'] as const,
  });

  const member = builder.objectRef<MemberView>('RotationMember').implement({
    description: 'One shift of a rotation, in turn: a person, a group of people or a gap.',
    fields: (t) => ({
      kind: t.field({
        type: memberKind,
        resolve: ({ people }) => (people === null ? 'gap' : Array.isArray(people) ? 'group' : 'user'),
      }),
      userIds: t.idList({
        description: 'The people on call for the shift; empty for a gap.',
        resolve: ({ people }) => (people === null ? [] : Array.isArray(people) ? people : [people]),
      }),
    }),
  });

  const activeWindow = builder.objectRef<ActiveWindowView>('ActiveWindow').implement({
    description: 'When a rotation is on call: an end at or before the start runs past midnight.',
    fields: (t) => ({
      weekdays: t.exposeIntList('weekdays', {
        description: "ISO weekdays of the window's start, 1 = Monday.",
      }),
      start: t.exposeString('start', { description: 'Wall-clock "HH:mm" in the schedule’s zone.' }),
      end: t.exposeString('end', { description: 'Wall-clock "HH:mm" in the schedule’s zone.' }),
    }),
  });

  const rotation = builder.objectRef<RotationView>('Rotation').implement({
    description: 'A rotation version in force now or later; an edit starts a new version (a new id).',
    fields: (t) => ({
      id: t.exposeID('id'),
      name: t.exposeString('name', { nullable: true }),
      unit: t.exposeString('unit', { description: '`hour`, `day` or `week`; unused with a recurrence.' }),
      every: t.exposeInt('every', { description: 'Hand off every N units; unused with a recurrence.' }),
      startsAt: t.exposeString('startsAt', {
        description: 'The first hand-off, wall-clock `YYYY-MM-DDTHH:mm` in the schedule’s zone.',
      }),
      recurrence: t.exposeString('recurrence', {
        nullable: true,
        description: 'The RFC 5545 RRULE whose occurrences are the hand-offs; null: every N units.',
      }),
      members: t.field({
        type: [member],
        description: 'One per shift, in turn.',
        resolve: (r) => r.members.map((people) => ({ people })),
      }),
      activeWindows: t.field({
        type: [activeWindow],
        description: 'Empty: on call all the time.',
        resolve: (r) => r.activeWindows,
      }),
      effectiveFrom: t.exposeString('effectiveFrom', {
        nullable: true,
        description: 'ISO 8601 timestamp: when this version comes into force.',
      }),
      effectiveUntil: t.exposeString('effectiveUntil', {
        nullable: true,
        description: 'ISO 8601 timestamp: when it stops; null: open-ended.',
      }),
    }),
  });

  const layer = builder.objectRef<LayerView>('ScheduleLayer').implement({
    description: 'A higher priority masks the lower ones while it has someone on call; its rotations add up.',
    fields: (t) => ({
      id: t.exposeID('id'),
      name: t.exposeString('name', { nullable: true }),
      priority: t.exposeInt('priority'),
      rotations: t.field({ type: [rotation], resolve: (l) => l.rotations }),
    }),
  });

  const override = builder.objectRef<OverrideView>('ScheduleOverride').implement({
    description: 'Adds, removes or replaces (`userId` for `replacedUserId`) a person for a range.',
    fields: (t) => ({
      id: t.exposeID('id'),
      kind: t.exposeString('kind', { description: '`add`, `remove` or `replace`.' }),
      userId: t.exposeID('userId'),
      replacedUserId: t.exposeID('replacedUserId', { nullable: true }),
      from: t.exposeString('from', { description: 'ISO 8601 timestamp.' }),
      until: t.exposeString('until', { description: 'ISO 8601 timestamp.' }),
    }),
  });

  return { layer, override };
}
