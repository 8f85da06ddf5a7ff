import type { RouterInputs, RouterOutputs } from '../trpc/router-types';
import { instantOfLocalInput, localInputValue } from './shift-times';

export type ScheduleView = RouterOutputs['schedules']['get'];
export type ScheduleBody = RouterInputs['schedules']['create'];
type RotationView = ScheduleView['layers'][number]['rotations'][number];

export type RotationUnit = 'hour' | 'day' | 'week';

/** One shift's member: a user id, a group of user ids on call together, or `null` for a gap. */
export type RotationMember = string | string[] | null;

export interface RotationDraft {
  /** Kept from the schedule so a save edits the rotation (a new version from now) instead of adding one. */
  id?: string;
  name: string;
  unit: RotationUnit;
  every: number;
  /** The first hand-off on the schedule's wall clock, as `datetime-local` writes it. */
  startsAt: string;
  /** An RFC 5545 RRULE value whose occurrences are the hand-offs ('' none: every `every` units). */
  recurrence: string;
  /** One per shift in hand-off order: a user id, a group on call together, or `null`, a gap. */
  members: RotationMember[];
  /** When it is on call at all: ISO weekdays (1 = Monday) and a clock range; none: always. */
  activeWindows: ActiveWindowDraft[];
  /** When it comes into force, as `datetime-local` writes it in the user's zone; '' from now. */
  effectiveFrom: string;
  /** When it stops, likewise; '' runs on. */
  effectiveUntil: string;
}

export type ActiveWindowDraft = RotationView['activeWindows'][number];

export interface LayerDraft {
  id?: string;
  name: string;
  priority: number;
  rotations: RotationDraft[];
}

export interface ScheduleDraft {
  name: string;
  teamId: string;
  timeZone: string;
  layers: LayerDraft[];
  /** The team chat told of each shift change; null: none. */
  noticeEndpointId: string | null;
}

export const UNIT_OPTIONS: { value: RotationUnit; label: string }[] = [
  { value: 'hour', label: 'Hours' },
  { value: 'day', label: 'Days' },
  { value: 'week', label: 'Weeks' },
];

/** Next Monday 09:00 in the form `datetime-local` writes: a usual first hand-off. */
export function nextMondayMorning(now: Date): string {
  const day = new Date(now.getFullYear(), now.getMonth(), now.getDate());
  day.setDate(day.getDate() + ((8 - day.getDay()) % 7 || 7));
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${day.getFullYear()}-${pad(day.getMonth() + 1)}-${pad(day.getDate())}T09:00`;
}

export function newRotation(now: Date): RotationDraft {
  return {
    name: '',
    unit: 'week',
    every: 1,
    startsAt: nextMondayMorning(now),
    recurrence: '',
    members: [],
    activeWindows: [],
    effectiveFrom: '',
    effectiveUntil: '',
  };
}

/** A new active window: weekdays 09:00–17:00. */
export function newActiveWindow(): ActiveWindowDraft {
  return { weekdays: [1, 2, 3, 4, 5], start: '09:00', end: '17:00' };
}

/** A bound from the server as the form shows it: '' when none, or (a start) when already passed. */
function boundInput(iso: string | null, now: Date, passedIsNone: boolean): string {
  if (!iso) return '';
  const at = Date.parse(iso);
  return passedIsNone && at <= now.getTime() ? '' : localInputValue(at);
}

export function newLayer(priority: number, now: Date): LayerDraft {
  return { name: '', priority, rotations: [newRotation(now)] };
}

/** The form's starting point: an existing schedule as it is now, or a new one with one weekly layer. */
export function draftOf(
  schedule: ScheduleView | null,
  defaults: { teamId: string; timeZone: string; now: Date },
): ScheduleDraft {
  if (!schedule) {
    return {
      name: '',
      teamId: defaults.teamId,
      timeZone: defaults.timeZone,
      layers: [newLayer(1, defaults.now)],
      noticeEndpointId: null,
    };
  }
  return {
    name: schedule.name,
    teamId: schedule.teamId,
    timeZone: schedule.timeZone,
    noticeEndpointId: schedule.noticeEndpointId,
    layers: schedule.layers.map((layer) => {
      // A rotation edited for later is listed twice (now and the coming version): the form edits the
      // latest, which is what a save would make of it anyway.
      const latest = new Map<string, RotationView>();
      for (const rotation of layer.rotations) latest.set(rotation.id, rotation);
      return {
        id: layer.id,
        name: layer.name ?? '',
        priority: layer.priority,
        rotations: [...latest.values()].map((rotation) => ({
          id: rotation.id,
          name: rotation.name ?? '',
          unit: rotation.unit,
          every: rotation.every,
          startsAt: rotation.startsAt,
          recurrence: rotation.recurrence ?? '',
          members: rotation.members.map((member) => (Array.isArray(member) ? [...member] : member)),
          activeWindows: rotation.activeWindows.map((window) => ({
            ...window,
            weekdays: [...window.weekdays],
          })),
          // A version's start that has passed is the last edit, not a date anyone chose.
          effectiveFrom: boundInput(rotation.effectiveFrom, defaults.now, true),
          effectiveUntil: boundInput(rotation.effectiveUntil, defaults.now, false),
        })),
      };
    }),
  };
}

/** What `schedules.create` and `schedules.update` take: names trimmed, an empty name left out. */
export function bodyOf(draft: ScheduleDraft): ScheduleBody {
  const named = (name: string) => name.trim() || null;
  return {
    name: draft.name.trim(),
    teamId: draft.teamId,
    timeZone: draft.timeZone,
    noticeEndpointId: draft.noticeEndpointId,
    layers: draft.layers.map((layer) => ({
      ...(layer.id ? { id: layer.id } : {}),
      name: named(layer.name),
      priority: layer.priority,
      rotations: layer.rotations.map((rotation) => ({
        ...(rotation.id ? { id: rotation.id } : {}),
        name: named(rotation.name),
        unit: rotation.unit,
        every: rotation.every,
        startsAt: rotation.startsAt,
        recurrence: rotation.recurrence.trim() || null,
        members: rotation.members,
        ...(rotation.activeWindows.length
          ? {
              activeWindows: rotation.activeWindows.map((window) => ({
                ...window,
                weekdays: [...window.weekdays].sort((a, b) => a - b),
              })),
            }
          : {}),
        effectiveFrom: instantOfLocalInput(rotation.effectiveFrom),
        effectiveUntil: instantOfLocalInput(rotation.effectiveUntil),
      })),
    })),
  };
}

/** Moves the item at `index` one place up (-1) or down (+1); out of range leaves the list as it is. */
export function moved<T>(items: readonly T[], index: number, by: -1 | 1): T[] {
  const target = index + by;
  if (target < 0 || target >= items.length) return [...items];
  const copy = [...items];
  const [item] = copy.splice(index, 1) as [T];
  copy.splice(target, 0, item);
  return copy;
}
