/** One piece of the resolver's range answer, as `schedules.calendar` sends it. */
export interface CalendarSegment {
  from: string;
  until: string;
  onCall: { userId: string; name: string; overrideId: string | null }[];
  layers: { layerId: string; userIds: string[] }[];
}

export interface CalendarLayer {
  id: string;
  name: string | null;
  priority: number;
}

export interface CalendarOverride {
  id: string;
  kind: 'add' | 'remove' | 'replace';
  userId: string;
  from: string;
  until: string;
}

export interface CalendarPerson {
  userId: string;
  name: string;
}

/** A stretch of one row with one answer: who, whether nobody (a gap), and the overrides that shaped it. */
export interface CalendarBlock {
  from: number;
  until: number;
  people: CalendarPerson[];
  gap: boolean;
  overrideIds: string[];
}

export interface CalendarRow {
  id: string;
  label: string;
  kind: 'final' | 'layer';
  blocks: CalendarBlock[];
}

const overlaps = (a: { from: number; until: number }, b: { from: number; until: number }) =>
  a.from < b.until && b.from < a.until;

function sameBlock(a: CalendarBlock, b: CalendarBlock): boolean {
  const people = (block: CalendarBlock) => block.people.map((person) => person.userId).join(',');
  return a.gap === b.gap && people(a) === people(b) && a.overrideIds.join(',') === b.overrideIds.join(',');
}

/** Neighbours with the same answer become one block: a layer's hand-off alone does not split the final row. */
function merged(blocks: CalendarBlock[]): CalendarBlock[] {
  const result: CalendarBlock[] = [];
  for (const block of blocks) {
    const previous = result[result.length - 1];
    if (previous && previous.until === block.from && sameBlock(previous, block)) previous.until = block.until;
    else result.push({ ...block, people: [...block.people], overrideIds: [...block.overrideIds] });
  }
  return result;
}

/**
 * The calendar's rows from the resolver's segments: first the final answer (what the pager uses),
 * then each layer's own answer by priority, highest first. A final block is marked with the
 * overrides that changed it: one that put someone on call, or a removal of someone a layer had on
 * call. The view draws these rows and computes nothing about who is on call itself.
 */
export function calendarRows({
  segments,
  layers,
  overrides,
  names,
}: {
  segments: readonly CalendarSegment[];
  layers: readonly CalendarLayer[];
  overrides: readonly CalendarOverride[];
  /** User id → display name, for the layers' people (the final row carries its own names). */
  names: ReadonlyMap<string, string>;
}): CalendarRow[] {
  const pieces = segments.map((segment) => ({
    ...segment,
    start: Date.parse(segment.from),
    end: Date.parse(segment.until),
  }));
  const removals = overrides
    .filter((override) => override.kind === 'remove')
    .map((override) => ({
      ...override,
      range: { from: Date.parse(override.from), until: Date.parse(override.until) },
    }));
  const final: CalendarRow = {
    id: 'final',
    label: 'On call',
    kind: 'final',
    blocks: merged(
      pieces.map((piece) => {
        const scheduled = new Set(piece.layers.flatMap((layer) => layer.userIds));
        const removed = removals
          .filter(
            (removal) =>
              scheduled.has(removal.userId) &&
              overlaps(removal.range, { from: piece.start, until: piece.end }),
          )
          .map((removal) => removal.id);
        const added = piece.onCall.flatMap((entry) => (entry.overrideId ? [entry.overrideId] : []));
        return {
          from: piece.start,
          until: piece.end,
          people: piece.onCall.map((entry) => ({ userId: entry.userId, name: entry.name })),
          gap: piece.onCall.length === 0,
          overrideIds: [...new Set([...added, ...removed])].sort(),
        };
      }),
    ),
  };
  const ordered = [...layers].sort((a, b) => b.priority - a.priority);
  const known = new Set(ordered.map((layer) => layer.id));
  const retired = [
    ...new Set(
      pieces.flatMap((piece) => piece.layers.map((layer) => layer.layerId)).filter((id) => !known.has(id)),
    ),
  ];
  const layerRows = [
    ...ordered.map((layer, index) => ({ id: layer.id, label: layer.name || `Layer ${index + 1}` })),
    ...retired.map((id) => ({ id, label: 'Earlier layer' })),
  ].map(
    ({ id, label }): CalendarRow => ({
      id,
      label,
      kind: 'layer',
      blocks: merged(
        pieces.map((piece) => {
          const userIds = piece.layers.find((layer) => layer.layerId === id)?.userIds ?? [];
          return {
            from: piece.start,
            until: piece.end,
            people: userIds.map((userId) => ({ userId, name: names.get(userId) ?? userId })),
            gap: userIds.length === 0,
            overrideIds: [],
          };
        }),
      ),
    }),
  );
  return [final, ...layerRows];
}

/** Where a block sits on a track spanning [from, until), in percent, clipped to the track. */
export function placement(block: { from: number; until: number }, from: number, until: number) {
  const span = until - from;
  const start = Math.max(block.from, from);
  const end = Math.min(block.until, until);
  return { left: ((start - from) / span) * 100, width: (Math.max(0, end - start) / span) * 100 };
}

/** Local midnight of the Monday of `at`'s week, in the user's time zone. */
export function startOfLocalWeek(at: Date): Date {
  const day = new Date(at.getFullYear(), at.getMonth(), at.getDate());
  const sinceMonday = (day.getDay() + 6) % 7;
  day.setDate(day.getDate() - sinceMonday);
  return day;
}

/**
 * `count` local days from `start` (a local midnight): each [midnight, next midnight), so a day across
 * a clock change is 23 or 25 hours long, as the user lives it.
 */
export function localDays(start: Date, count: number): { from: number; until: number }[] {
  return Array.from({ length: count }, (_, index) => ({
    from: new Date(start.getFullYear(), start.getMonth(), start.getDate() + index).getTime(),
    until: new Date(start.getFullYear(), start.getMonth(), start.getDate() + index + 1).getTime(),
  }));
}

/**
 * The blocks of a row that touch each day, with the part inside it: the phone's list, one heading a
 * day. The whole block stays with its part, so a tap acts on the whole shift.
 */
export function blocksByDay(
  blocks: readonly CalendarBlock[],
  days: readonly { from: number; until: number }[],
): {
  day: { from: number; until: number };
  parts: { block: CalendarBlock; from: number; until: number }[];
}[] {
  return days.map((day) => ({
    day,
    parts: blocks
      .filter((block) => overlaps(block, day))
      .map((block) => ({
        block,
        from: Math.max(block.from, day.from),
        until: Math.min(block.until, day.until),
      })),
  }));
}

/** Who a block names, in words a screen reader reads out ("Ada and Bob", "Nobody on call"). */
export function peopleText(block: Pick<CalendarBlock, 'people' | 'gap'>): string {
  if (block.gap) return 'Nobody on call';
  return new Intl.ListFormat('en', { type: 'conjunction' }).format(block.people.map((person) => person.name));
}

/** A shift's target: this wide at least, whatever its length on the track. */
export const MIN_TARGET_PX = 26;

/** Pushes from short shifts carry on only while the next shift starts within this share of the track. */
const CHAIN_WITHIN_PERCENT = 10;

/**
 * Where each shift's block starts, as CSS: its place on the track, or just after the block before
 * when that one is too short to end before it, so short shifts in a row never cover each other.
 * A chain stops at a shift that starts a tenth of the track after the one before; a shift outside
 * the track has no start.
 *
 * @example blockStarts([{ left: 0, width: 1 }, { left: 1, width: 30 }]) // ['0%', 'max(1%, calc(0% + 26px))']
 */
export function blockStarts(places: readonly { left: number; width: number }[]): string[] {
  const starts: string[] = [];
  let previous: { start: string; left: number } | null = null;
  for (const { left, width } of places) {
    if (width <= 0) {
      starts.push('');
      continue;
    }
    const start: string =
      previous !== null && left - previous.left < CHAIN_WITHIN_PERCENT
        ? `max(${left}%, calc(${previous.start} + ${MIN_TARGET_PX}px))`
        : `${left}%`;
    starts.push(start);
    previous = { start, left };
  }
  return starts;
}
