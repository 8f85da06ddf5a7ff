import { ScheduleError } from './errors';
import type { OnCallAnswer, OnCallEntry, OnCallSegment, Override, Rotation, Schedule } from './model';
import { RotationShifts } from './rotation-shifts';
import { ZoneClock } from './wall-clock';

interface CompiledRotation {
  rotation: Rotation;
  shifts: RotationShifts;
}

interface CompiledLayer {
  id: string;
  rotations: CompiledRotation[];
}

/**
 * The one resolver: (schedule, instant or range) → who is on call. Pure: it reads no clock and no
 * process time zone. A range answer is the point answer on each piece between boundaries, so the
 * two can never disagree.
 */
export class ScheduleResolver {
  private readonly layers: CompiledLayer[];

  constructor(private readonly schedule: Schedule) {
    const clock = ZoneClock.of(schedule.timeZone);
    this.layers = [...schedule.layers]
      .sort((a, b) => b.priority - a.priority)
      .map((layer) => ({
        id: layer.id,
        rotations: layer.rotations.map((rotation) => ({
          rotation,
          shifts: new RotationShifts(rotation, clock),
        })),
      }));
  }

  at(instant: number): OnCallAnswer {
    const layers = this.layers.map((layer) => ({ layerId: layer.id, entries: this.layerAt(layer, instant) }));
    const masking = layers.find((layer) => layer.entries.length > 0);
    const final = applyOverrides(masking?.entries ?? [], this.schedule.overrides, instant);
    return {
      onCall: final,
      layers: layers.map((layer) => ({
        layerId: layer.layerId,
        userIds: layer.entries.map((entry) => entry.userId),
      })),
    };
  }

  /** Consecutive pieces of [from, until) with one answer each; equal neighbours merged. */
  between(from: number, until: number): OnCallSegment[] {
    if (!(from < until)) throw new ScheduleError('INVALID_RANGE', 'from must be before until', 'until');
    const cuts = new Set<number>([from, until]);
    const add = (instant: number | undefined) => {
      if (instant !== undefined && instant > from && instant < until) cuts.add(instant);
    };
    for (const layer of this.layers) {
      for (const { rotation, shifts } of layer.rotations) {
        add(rotation.effectiveFrom);
        add(rotation.effectiveUntil);
        for (const shift of shifts.shiftsBetween(from, until)) {
          add(shift.from);
          add(shift.until);
        }
        for (const window of shifts.windowsBetween(from, until)) {
          add(window.from);
          add(window.until);
        }
      }
    }
    for (const override of this.schedule.overrides) {
      add(override.from);
      add(override.until);
    }
    const sorted = [...cuts].sort((a, b) => a - b);
    const segments: OnCallSegment[] = [];
    for (let i = 0; i + 1 < sorted.length; i++) {
      const start = sorted[i] as number;
      const end = sorted[i + 1] as number;
      const answer = this.at(start);
      const previous = segments[segments.length - 1];
      if (previous && sameAnswer(previous, answer)) previous.until = end;
      else segments.push({ from: start, until: end, ...answer });
    }
    return segments;
  }

  /** The instants in (from, until] at which the final set of people changes. */
  handOffs(from: number, until: number): { at: number; onCall: OnCallEntry[] }[] {
    const segments = this.between(from, until);
    const result: { at: number; onCall: OnCallEntry[] }[] = [];
    for (let i = 1; i < segments.length; i++) {
      const previous = segments[i - 1];
      const current = segments[i];
      if (previous && current && !sameUsers(previous.onCall, current.onCall))
        result.push({ at: current.from, onCall: current.onCall });
    }
    return result;
  }

  private layerAt(layer: CompiledLayer, instant: number): OnCallEntry[] {
    const entries: OnCallEntry[] = [];
    for (const { rotation, shifts } of layer.rotations) {
      if (rotation.effectiveFrom !== undefined && instant < rotation.effectiveFrom) continue;
      if (rotation.effectiveUntil !== undefined && instant >= rotation.effectiveUntil) continue;
      if (!shifts.inWindow(instant)) continue;
      for (const shift of shifts.shiftsAt(instant)) {
        for (const userId of shift.userIds) {
          if (entries.some((entry) => entry.userId === userId)) continue;
          entries.push({ userId, layerId: layer.id, rotationId: rotation.id });
        }
      }
    }
    return entries;
  }
}

function applyOverrides(base: OnCallEntry[], overrides: Override[], instant: number): OnCallEntry[] {
  let entries = [...base];
  const active = overrides.filter((override) => override.from <= instant && instant < override.until);
  for (const override of active) {
    if (override.kind === 'replace' && entries.some((entry) => entry.userId === override.replacedUserId)) {
      entries = entries.filter(
        (entry) => entry.userId !== override.replacedUserId && entry.userId !== override.userId,
      );
      entries.push({ userId: override.userId, overrideId: override.id });
    }
  }
  for (const override of active) {
    if (override.kind === 'remove') entries = entries.filter((entry) => entry.userId !== override.userId);
  }
  for (const override of active) {
    if (override.kind === 'add' && !entries.some((entry) => entry.userId === override.userId)) {
      entries.push({ userId: override.userId, overrideId: override.id });
    }
  }
  return entries;
}

function sameUsers(a: OnCallEntry[], b: OnCallEntry[]): boolean {
  const key = (entries: OnCallEntry[]) =>
    entries
      .map(
        (entry) =>
          `${entry.userId}|${entry.layerId ?? ''}|${entry.rotationId ?? ''}|${entry.overrideId ?? ''}`,
      )
      .sort()
      .join(',');
  return key(a) === key(b);
}

function sameAnswer(a: OnCallAnswer, b: OnCallAnswer): boolean {
  return sameUsers(a.onCall, b.onCall) && JSON.stringify(a.layers) === JSON.stringify(b.layers);
}

/** Convenience for callers with one question. */
export function whoIsOnCall(schedule: Schedule, instant: number): OnCallAnswer {
  return new ScheduleResolver(schedule).at(instant);
}
