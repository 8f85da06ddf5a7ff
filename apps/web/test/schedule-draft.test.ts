import { describe, expect, it } from 'vitest';
import { stepped, viewRange } from '../src/schedules/calendar-range';
import {
  bodyOf,
  draftOf,
  moved,
  nextMondayMorning,
  type ScheduleView,
} from '../src/schedules/schedule-draft';
import { localInputValue } from '../src/schedules/shift-times';

const rotation = {
  id: 'r1',
  name: null,
  unit: 'week' as const,
  every: 1,
  startsAt: '2026-11-30T09:00',
  recurrence: null as string | null,
  members: ['u-ada', null, 'u-bob'] as (string | string[] | null)[],
  activeWindows: [{ weekdays: [1, 2, 3, 4, 5], start: '09:00', end: '17:00' }],
  effectiveFrom: null,
  effectiveUntil: null,
};
const schedule: ScheduleView = {
  id: 's1',
  name: 'Primary',
  teamId: 't1',
  timeZone: 'Europe/London',
  layers: [
    {
      id: 'l1',
      name: 'Day',
      priority: 1,
      rotations: [rotation, { ...rotation, members: ['u-bob'], effectiveFrom: '2026-12-07T09:00:00.000Z' }],
    },
  ],
  overrides: [],
  hasIcalFeed: false,
  noticeEndpointId: null,
  createdAt: '2026-11-01T00:00:00.000Z',
  updatedAt: '2026-11-01T00:00:00.000Z',
};

describe('schedule drafts', () => {
  it('edits the latest version of each rotation and sends ids back, so a save edits instead of adding', () => {
    const draft = draftOf(schedule, { teamId: 'x', timeZone: 'UTC', now: new Date() });
    expect(draft.layers[0]?.rotations).toHaveLength(1);
    expect(draft.layers[0]?.rotations[0]?.members).toEqual(['u-bob']);
    const body = bodyOf(draft);
    expect(body.layers?.[0]).toMatchObject({ id: 'l1', name: 'Day', rotations: [{ id: 'r1', name: null }] });
  });

  it("keeps a rotation's groups and recurrence rule when a read is saved back, and sends no rule when it is cleared", () => {
    const ruled = {
      ...rotation,
      recurrence: 'FREQ=WEEKLY;BYDAY=MO,WE,FR',
      members: [['u-ada', 'u-bob'], null, 'u-cy'],
    };
    const draft = draftOf(
      { ...schedule, layers: [{ ...schedule.layers[0], rotations: [ruled] }] as ScheduleView['layers'] },
      { teamId: 'x', timeZone: 'UTC', now: new Date() },
    );
    expect(bodyOf(draft).layers?.[0]?.rotations[0]).toMatchObject({
      recurrence: 'FREQ=WEEKLY;BYDAY=MO,WE,FR',
      members: [['u-ada', 'u-bob'], null, 'u-cy'],
    });
    const layer = draft.layers[0];
    const first = layer?.rotations[0];
    if (!layer || !first) throw new Error('the draft lost its rotation');
    const cleared = bodyOf({ ...draft, layers: [{ ...layer, rotations: [{ ...first, recurrence: '  ' }] }] });
    expect(cleared.layers?.[0]?.rotations[0]).toMatchObject({ recurrence: null });
  });

  it('sends active windows back, weekdays in order, and a gap member as null', () => {
    const body = bodyOf(
      draftOf(
        { ...schedule, layers: [{ ...schedule.layers[0], rotations: [rotation] }] as ScheduleView['layers'] },
        {
          teamId: 'x',
          timeZone: 'UTC',
          now: new Date(),
        },
      ),
    );
    expect(body.layers?.[0]?.rotations[0]).toMatchObject({
      members: ['u-ada', null, 'u-bob'],
      activeWindows: rotation.activeWindows,
    });
  });

  it("shows a rotation's chosen bounds in the user's zone and sends them as instants; a passed start is none", () => {
    const now = new Date('2026-12-01T12:00:00Z');
    const bounded = {
      ...rotation,
      effectiveFrom: '2026-12-07T09:00:00.000Z',
      effectiveUntil: '2027-01-04T09:00:00.000Z',
    };
    const draft = draftOf(
      {
        ...schedule,
        noticeEndpointId: 'chat-1',
        layers: [
          { id: 'l1', name: 'Day', priority: 1, rotations: [bounded] },
          {
            id: 'l2',
            name: 'Night',
            priority: 0,
            rotations: [{ ...rotation, id: 'r2', effectiveFrom: '2026-11-02T09:00:00.000Z' }],
          },
        ],
      },
      { teamId: 'x', timeZone: 'UTC', now },
    );
    const day = draft.layers[0]?.rotations[0];
    expect(day?.effectiveFrom).toBe(localInputValue(Date.parse(bounded.effectiveFrom)));
    expect(day?.effectiveUntil).toBe(localInputValue(Date.parse(bounded.effectiveUntil)));
    expect(draft.layers[1]?.rotations[0]?.effectiveFrom).toBe('');
    const body = bodyOf(draft);
    expect(body.noticeEndpointId).toBe('chat-1');
    expect(body.layers?.[0]?.rotations[0]).toMatchObject({
      effectiveFrom: bounded.effectiveFrom,
      effectiveUntil: bounded.effectiveUntil,
    });
    expect(body.layers?.[1]?.rotations[0]).toMatchObject({ effectiveFrom: null, effectiveUntil: null });
    expect(bodyOf({ ...draft, noticeEndpointId: null }).noticeEndpointId).toBeNull();
    const windows = bodyOf({
      ...draft,
      layers: [
        {
          ...draft.layers[0],
          rotations: [{ ...day, activeWindows: [{ weekdays: [7, 1], start: '22:00', end: '06:00' }] }],
        },
      ],
    } as typeof draft);
    expect(windows.layers?.[0]?.rotations[0]?.activeWindows).toEqual([
      { weekdays: [1, 7], start: '22:00', end: '06:00' },
    ]);
  });

  it('starts a new schedule with one weekly layer handing off next Monday at 09:00', () => {
    const draft = draftOf(null, { teamId: 't1', timeZone: 'Europe/Berlin', now: new Date(2026, 10, 29, 12) });
    expect(draft).toMatchObject({ teamId: 't1', timeZone: 'Europe/Berlin' });
    expect(draft.layers[0]?.rotations[0]).toMatchObject({
      unit: 'week',
      every: 1,
      startsAt: '2026-11-30T09:00',
    });
    expect(nextMondayMorning(new Date(2026, 10, 30, 12))).toBe('2026-12-07T09:00');
    const body = bodyOf({ ...draft, name: '  Ops  ' });
    expect(body.name).toBe('Ops');
    expect(body.layers?.[0]).not.toHaveProperty('id');
    expect(body.layers?.[0]?.rotations[0]).not.toHaveProperty('activeWindows');
  });

  it('moves a member up and down, and leaves the list alone at its ends', () => {
    expect(moved(['a', 'b', 'c'], 2, -1)).toEqual(['a', 'c', 'b']);
    expect(moved(['a', 'b', 'c'], 0, 1)).toEqual(['b', 'a', 'c']);
    expect(moved(['a', 'b'], 0, -1)).toEqual(['a', 'b']);
  });
});

describe('calendar views', () => {
  it('shows a week or two from Monday, or the whole month, and steps by as much', () => {
    const anchor = new Date(2026, 1, 11);
    expect(viewRange('week', anchor)).toEqual({ start: new Date(2026, 1, 9), days: 7 });
    expect(viewRange('twoWeeks', anchor).days).toBe(14);
    expect(viewRange('month', anchor)).toEqual({ start: new Date(2026, 1, 1), days: 28 });
    expect(stepped('week', anchor, 1)).toEqual(new Date(2026, 1, 18));
    expect(stepped('twoWeeks', anchor, -1)).toEqual(new Date(2026, 0, 28));
    expect(stepped('month', anchor, 1)).toEqual(new Date(2026, 2, 1));
  });
});
