import { describe, expect, it } from 'vitest';
import {
  blockStarts,
  blocksByDay,
  type CalendarSegment,
  calendarRows,
  localDays,
  peopleText,
  placement,
  startOfLocalWeek,
} from '../src/schedules/calendar-rows';

const H = 3_600_000;
const T0 = Date.UTC(2026, 10, 30, 0, 0);
const iso = (hours: number) => new Date(T0 + hours * H).toISOString();
const ada = { userId: 'u-ada', name: 'Ada', overrideId: null };
const bob = { userId: 'u-bob', name: 'Bob', overrideId: null };
const names = new Map([
  ['u-ada', 'Ada'],
  ['u-bob', 'Bob'],
  ['u-cy', 'Cy'],
]);
const layers = [
  { id: 'primary', name: 'Primary', priority: 1 },
  { id: 'weekend', name: null, priority: 5 },
];

const segment = (
  from: number,
  until: number,
  onCall: CalendarSegment['onCall'],
  layerPeople: Record<string, string[]>,
): CalendarSegment => ({
  from: iso(from),
  until: iso(until),
  onCall,
  layers: Object.entries(layerPeople).map(([layerId, userIds]) => ({ layerId, userIds })),
});

describe('calendarRows', () => {
  it('puts the final row first, then the layers by priority, highest first, unnamed ones numbered', () => {
    const rows = calendarRows({ segments: [], layers, overrides: [], names });
    expect(rows.map((row) => [row.id, row.label, row.kind])).toEqual([
      ['final', 'On call', 'final'],
      ['weekend', 'Layer 1', 'layer'],
      ['primary', 'Primary', 'layer'],
    ]);
  });

  it("merges neighbours with one answer: a masked layer's hand-off does not split the final row", () => {
    const rows = calendarRows({
      segments: [
        segment(0, 8, [ada], { weekend: ['u-ada'], primary: ['u-bob'] }),
        segment(8, 24, [ada], { weekend: ['u-ada'], primary: ['u-cy'] }),
        segment(24, 48, [bob], { weekend: [], primary: ['u-bob'] }),
      ],
      layers,
      overrides: [],
      names,
    });
    const [final, weekend, primary] = rows;
    expect(final?.blocks.map((b) => [b.from, b.until, b.people.map((p) => p.name)])).toEqual([
      [T0, T0 + 24 * H, ['Ada']],
      [T0 + 24 * H, T0 + 48 * H, ['Bob']],
    ]);
    expect(weekend?.blocks.map((b) => [b.until - b.from, b.gap])).toEqual([
      [24 * H, false],
      [24 * H, true],
    ]);
    expect(primary?.blocks.map((b) => b.people.map((p) => p.name))).toEqual([['Bob'], ['Cy'], ['Bob']]);
  });

  it('highlights a gap when nobody is on call', () => {
    const [final] = calendarRows({
      segments: [segment(0, 8, [], { primary: [] }), segment(8, 16, [ada], { primary: ['u-ada'] })],
      layers,
      overrides: [],
      names,
    });
    expect(final?.blocks.map((b) => b.gap)).toEqual([true, false]);
    expect(final?.blocks[0] && peopleText(final.blocks[0])).toBe('Nobody on call');
  });

  it('marks the final blocks an override shaped: one that put someone on call, and a removal', () => {
    const [final] = calendarRows({
      segments: [
        segment(0, 4, [ada], { primary: ['u-ada'] }),
        segment(4, 8, [{ ...bob, overrideId: 'o-replace' }], { primary: ['u-ada'] }),
        segment(8, 12, [], { primary: ['u-ada'] }),
        segment(12, 16, [ada], { primary: ['u-ada'] }),
      ],
      layers,
      overrides: [
        { id: 'o-replace', kind: 'replace', userId: 'u-bob', from: iso(4), until: iso(8) },
        { id: 'o-remove', kind: 'remove', userId: 'u-ada', from: iso(8), until: iso(12) },
        // Removes someone the layers did not have on call: it changed nothing, so marks nothing.
        { id: 'o-idle', kind: 'remove', userId: 'u-cy', from: iso(12), until: iso(16) },
      ],
      names,
    });
    expect(final?.blocks.map((b) => [b.overrideIds, b.gap])).toEqual([
      [[], false],
      [['o-replace'], false],
      [['o-remove'], true],
      [[], false],
    ]);
  });

  it('keeps a row for a layer that is gone from the schedule but still in the range', () => {
    const rows = calendarRows({
      segments: [segment(0, 4, [ada], { old: ['u-ada'] })],
      layers: [],
      overrides: [],
      names,
    });
    expect(rows.map((row) => row.label)).toEqual(['On call', 'Earlier layer']);
  });
});

describe('placement', () => {
  it('places a block in percent of the track and clips it to the track', () => {
    expect(placement({ from: 25, until: 50 }, 0, 100)).toEqual({ left: 25, width: 25 });
    expect(placement({ from: -50, until: 10 }, 0, 100)).toEqual({ left: 0, width: 10 });
    expect(placement({ from: 200, until: 300 }, 0, 100).width).toBe(0);
  });
});

describe('local days', () => {
  it('starts a week on the local Monday at midnight', () => {
    const sunday = new Date(2026, 10, 29, 15, 30);
    const monday = startOfLocalWeek(sunday);
    expect([
      monday.getFullYear(),
      monday.getMonth(),
      monday.getDate(),
      monday.getDay(),
      monday.getHours(),
    ]).toEqual([2026, 10, 23, 1, 0]);
    expect(startOfLocalWeek(monday).getTime()).toBe(monday.getTime());
  });

  it('cuts days at local midnights and hands each day the part of a block inside it', () => {
    const days = localDays(new Date(2026, 10, 30), 2);
    const [first, second] = days;
    if (!first || !second) throw new Error('two days expected');
    expect(first.until).toBe(second.from);
    const block = {
      from: first.from + 20 * H,
      until: second.from + 6 * H,
      people: [],
      gap: true,
      overrideIds: [],
    };
    const [one, two] = blocksByDay([block], days);
    expect(one?.parts.map((part) => [part.from, part.until])).toEqual([[block.from, first.until]]);
    expect(two?.parts.map((part) => [part.from, part.until])).toEqual([[second.from, block.until]]);
    expect(two?.parts[0]?.block).toBe(block);
  });
});

describe('blockStarts', () => {
  // The CSS a start is made of, resolved for a track this many pixels wide.
  const px = (start: string, track: number): number => {
    const pushed = /^max\(([\d.]+)%, calc\((.*) \+ 26px\)\)$/.exec(start);
    if (pushed) return Math.max((Number(pushed[1]) * track) / 100, px(pushed[2] ?? '', track) + 26);
    const plain = /^([\d.]+)%$/.exec(start);
    if (!plain) throw new Error(`not a start: ${start}`);
    return (Number(plain[1]) * track) / 100;
  };

  it('gives every shift of a run of short ones its 26 px, uncovered, on the narrowest track', () => {
    // Four shifts of an hour or so at the start of a week, then a day: each under 26 px at 560 px.
    const places = [
      { left: 0, width: 0.6 },
      { left: 0.6, width: 0.6 },
      { left: 1.2, width: 0.6 },
      { left: 1.8, width: 2 },
      { left: 3.8, width: 14.3 },
    ];
    for (const track of [560, 1000]) {
      const starts = blockStarts(places).map((start) => px(start, track));
      for (let i = 1; i < starts.length; i += 1) {
        expect((starts[i] ?? 0) - (starts[i - 1] ?? 0)).toBeGreaterThanOrEqual(26);
      }
      // A shift never starts before its time.
      starts.forEach((start, i) => {
        expect(start).toBeGreaterThanOrEqual(((places[i]?.left ?? 0) * track) / 100);
      });
    }
  });

  it('draws shifts at their times when none is short, and skips one outside the track', () => {
    expect(
      blockStarts([
        { left: 0, width: 14.3 },
        { left: 14.3, width: 0 },
        { left: 50, width: 50 },
      ]),
    ).toEqual(['0%', '', '50%']);
  });
});
