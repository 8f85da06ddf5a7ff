import { describe, expect, it } from 'vitest';
import {
  checkOverride,
  type Override,
  reviseRotation,
  type Schedule,
  ScheduleError,
  ScheduleResolver,
} from '../src/index';

const HOUR = 3_600_000;
const at = (text: string) => Date.parse(text);
const users = (schedule: Schedule, instant: string) =>
  new ScheduleResolver(schedule)
    .at(at(instant))
    .onCall.map((entry) => entry.userId)
    .sort();

// London, weekly hand-off Monday 09:00; 2026-06-01 is a Monday (BST, UTC+1).
function base(overrides: Override[] = []): Schedule {
  return {
    id: 's',
    teamId: 't',
    timeZone: 'Europe/London',
    overrides,
    layers: [
      {
        id: 'primary',
        priority: 1,
        rotations: [
          {
            id: 'weekly',
            unit: 'week',
            every: 1,
            startsAt: '2026-06-01T09:00',
            members: ['ann', null, 'bob'],
          },
        ],
      },
    ],
  };
}

describe('rotations and layers', () => {
  it('hands off at the wall-clock time in the zone, with an explicit gap', () => {
    expect(users(base(), '2026-06-01T07:59:00Z')).toEqual([]);
    expect(users(base(), '2026-06-01T08:00:00Z')).toEqual(['ann']);
    expect(users(base(), '2026-06-08T08:00:00Z')).toEqual([]);
    expect(users(base(), '2026-06-15T08:00:00Z')).toEqual(['bob']);
    expect(users(base(), '2026-06-22T08:00:00Z')).toEqual(['ann']);
  });

  it('every N units', () => {
    const schedule = base();
    const rotation = schedule.layers[0]?.rotations[0];
    if (!rotation) throw new Error('fixture');
    Object.assign(rotation, { unit: 'day', every: 3, members: ['ann', 'bob'] });
    expect(users(schedule, '2026-06-03T12:00:00Z')).toEqual(['ann']);
    expect(users(schedule, '2026-06-04T08:00:00Z')).toEqual(['bob']);
  });

  it('an RRULE hands off at its occurrences on the wall clock: Mondays, Wednesdays and Fridays', () => {
    const schedule = base();
    const rotation = schedule.layers[0]?.rotations[0];
    if (!rotation) throw new Error('fixture');
    Object.assign(rotation, { recurrence: 'FREQ=WEEKLY;BYDAY=MO,WE,FR', members: ['ann', 'bob', 'cat'] });
    expect(users(schedule, '2026-06-01T07:59:00Z')).toEqual([]);
    expect(users(schedule, '2026-06-02T12:00:00Z')).toEqual(['ann']); // Tuesday
    expect(users(schedule, '2026-06-03T07:59:00Z')).toEqual(['ann']); // Wednesday 08:59 BST
    expect(users(schedule, '2026-06-03T08:00:00Z')).toEqual(['bob']);
    expect(users(schedule, '2026-06-06T12:00:00Z')).toEqual(['cat']); // Saturday
    expect(users(schedule, '2026-06-08T08:00:00Z')).toEqual(['ann']); // the next Monday
    // In winter (GMT) the hand-off is still 09:00 on the wall clock.
    const handOffs = new ScheduleResolver(schedule).handOffs(
      at('2026-12-01T00:00:00Z'),
      at('2026-12-06T00:00:00Z'),
    );
    expect(handOffs.map((h) => new Date(h.at).toISOString())).toEqual([
      '2026-12-02T09:00:00.000Z',
      '2026-12-04T09:00:00.000Z',
    ]);
  });

  it('a member may be a group: its people are on call together for the shift', () => {
    const schedule = base();
    const rotation = schedule.layers[0]?.rotations[0];
    if (!rotation) throw new Error('fixture');
    Object.assign(rotation, { members: [['ann', 'bob'], null, 'cat'] });
    expect(users(schedule, '2026-06-01T08:00:00Z')).toEqual(['ann', 'bob']);
    expect(users(schedule, '2026-06-08T08:00:00Z')).toEqual([]);
    expect(users(schedule, '2026-06-15T08:00:00Z')).toEqual(['cat']);
    const answer = new ScheduleResolver(schedule).at(at('2026-06-02T00:00:00Z'));
    expect(answer.onCall).toEqual([
      { userId: 'ann', layerId: 'primary', rotationId: 'weekly' },
      { userId: 'bob', layerId: 'primary', rotationId: 'weekly' },
    ]);
    // An override replaces one person of the group, not the group.
    const replaced = base([
      {
        id: 'o',
        kind: 'replace',
        userId: 'dan',
        replacedUserId: 'bob',
        from: 0,
        until: at('2027-01-01T00:00:00Z'),
      },
    ]);
    Object.assign(replaced.layers[0]?.rotations[0] ?? {}, { members: [['ann', 'bob'], null, 'cat'] });
    expect(users(replaced, '2026-06-01T08:00:00Z')).toEqual(['ann', 'dan']);
  });

  it('a higher layer masks lower ones only while it has someone on call', () => {
    const schedule = base();
    schedule.layers.push({
      id: 'weekend',
      priority: 5,
      rotations: [
        {
          id: 'w',
          unit: 'week',
          every: 1,
          startsAt: '2026-06-01T00:00',
          members: ['cat'],
          activeWindows: [{ weekdays: [6, 7], start: '00:00', end: '00:00' }],
        },
      ],
    });
    expect(users(schedule, '2026-06-05T12:00:00Z')).toEqual(['ann']); // Friday
    expect(users(schedule, '2026-06-06T12:00:00Z')).toEqual(['cat']); // Saturday
    const answer = new ScheduleResolver(schedule).at(at('2026-06-06T12:00:00Z'));
    expect(answer.layers).toEqual([
      { layerId: 'weekend', userIds: ['cat'] },
      { layerId: 'primary', userIds: ['ann'] },
    ]);
    expect(answer.onCall).toEqual([{ userId: 'cat', layerId: 'weekend', rotationId: 'w' }]);
  });

  it("one layer's rotations add up", () => {
    const schedule = base();
    schedule.layers[0]?.rotations.push({
      id: 'second',
      unit: 'week',
      every: 1,
      startsAt: '2026-06-01T09:00',
      members: ['dan'],
    });
    expect(users(schedule, '2026-06-02T12:00:00Z')).toEqual(['ann', 'dan']);
  });

  it('a revision ends the old version at the change time and leaves the past alone', () => {
    const schedule = base();
    const layer = schedule.layers[0];
    const rotation = layer?.rotations[0];
    if (!layer || !rotation) throw new Error('fixture');
    const before = new ScheduleResolver(schedule).between(
      at('2026-06-01T00:00:00Z'),
      at('2026-06-10T00:00:00Z'),
    );
    layer.rotations = reviseRotation(rotation, at('2026-06-10T00:00:00Z'), { members: ['eve'] }, 'weekly-2');
    const after = new ScheduleResolver(schedule);
    expect(
      after
        .between(at('2026-06-01T00:00:00Z'), at('2026-06-10T00:00:00Z'))
        .map((s) => [s.from, s.until, s.onCall]),
    ).toEqual(before.map((s) => [s.from, s.until, s.onCall]));
    expect(users(schedule, '2026-06-10T00:00:00Z')).toEqual(['eve']);
  });
});

describe('overrides', () => {
  const range = { from: at('2026-06-02T10:00:00Z'), until: at('2026-06-02T14:00:00Z') };

  it('add puts a person beside the rotation', () => {
    const schedule = base([{ id: 'o1', kind: 'add', userId: 'zed', ...range }]);
    expect(users(schedule, '2026-06-02T12:00:00Z')).toEqual(['ann', 'zed']);
    expect(users(schedule, '2026-06-02T14:00:00Z')).toEqual(['ann']);
  });

  it('remove takes a person off (possibly leaving nobody)', () => {
    const schedule = base([{ id: 'o1', kind: 'remove', userId: 'ann', ...range }]);
    expect(users(schedule, '2026-06-02T12:00:00Z')).toEqual([]);
    expect(users(schedule, '2026-06-02T09:59:59Z')).toEqual(['ann']);
  });

  it('replace swaps a person only while they are on call, naming the override', () => {
    const schedule = base([{ id: 'swap', kind: 'replace', userId: 'bob', replacedUserId: 'ann', ...range }]);
    expect(new ScheduleResolver(schedule).at(at('2026-06-02T12:00:00Z')).onCall).toEqual([
      { userId: 'bob', overrideId: 'swap' },
    ]);
    const elsewhere = base([{ id: 'swap', kind: 'replace', userId: 'ann', replacedUserId: 'bob', ...range }]);
    expect(users(elsewhere, '2026-06-02T12:00:00Z')).toEqual(['ann']);
  });

  it('overlapping overrides about the same person are refused, naming the conflicting one', () => {
    const existing: Override[] = [{ id: 'o1', kind: 'add', userId: 'zed', ...range }];
    const clash: Override = {
      id: 'o2',
      kind: 'replace',
      userId: 'zed',
      replacedUserId: 'ann',
      from: range.from + HOUR,
      until: range.until + HOUR,
    };
    try {
      checkOverride(clash, existing);
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ScheduleError);
      expect(error).toMatchObject({ code: 'OVERRIDE_CONFLICT', conflictingOverrideId: 'o1', field: 'from' });
    }
    // Touching ranges and other people are fine.
    expect(() =>
      checkOverride({ ...clash, from: range.until, until: range.until + HOUR }, existing),
    ).not.toThrow();
    expect(() =>
      checkOverride({ id: 'o3', kind: 'remove', userId: 'ann', ...range }, existing),
    ).not.toThrow();
    expect(() =>
      checkOverride({ id: 'o4', kind: 'add', userId: 'x', from: range.until, until: range.from }, existing),
    ).toThrow(expect.objectContaining({ code: 'INVALID_RANGE', field: 'until' }));
  });
});

describe('range answers', () => {
  it('hand-offs and segments carry the reason', () => {
    const schedule = base([
      {
        id: 'o1',
        kind: 'add',
        userId: 'zed',
        from: at('2026-06-02T10:00:00Z'),
        until: at('2026-06-02T14:00:00Z'),
      },
    ]);
    const resolver = new ScheduleResolver(schedule);
    const handOffs = resolver.handOffs(at('2026-06-01T00:00:00Z'), at('2026-06-16T00:00:00Z'));
    expect(handOffs.map((h) => [new Date(h.at).toISOString(), h.onCall.map((e) => e.userId)])).toEqual([
      ['2026-06-01T08:00:00.000Z', ['ann']],
      ['2026-06-02T10:00:00.000Z', ['ann', 'zed']],
      ['2026-06-02T14:00:00.000Z', ['ann']],
      ['2026-06-08T08:00:00.000Z', []],
      ['2026-06-15T08:00:00.000Z', ['bob']],
    ]);
    expect(() => resolver.between(10, 10)).toThrow(ScheduleError);
  });
});
