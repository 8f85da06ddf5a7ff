import { ScheduleError } from './errors';
import type { ActiveWindow, RotationMember, RotationUnit } from './model';
import { reviseRotation } from './revisions';
import type { StoredLayer, StoredRotation } from './stored-schedule';

/** A rotation as an editor sends it: an `id` names the rotation it changes. */
export interface RotationEdit {
  id?: string | undefined;
  name?: string | null | undefined;
  unit: RotationUnit;
  every: number;
  startsAt: string;
  recurrence?: string | null | undefined;
  members: RotationMember[];
  activeWindows?: ActiveWindow[] | undefined;
  /** Epoch ms: when the rotation comes into force; past or none: from the change. */
  effectiveFrom?: number | null | undefined;
  /** Epoch ms: when it stops being in force; none: it runs on. */
  effectiveUntil?: number | null | undefined;
}

export interface LayerEdit {
  id?: string | undefined;
  name?: string | null | undefined;
  priority: number;
  rotations: RotationEdit[];
}

const inForce = (rotation: StoredRotation, at: number) =>
  rotation.effectiveUntil === undefined || rotation.effectiveUntil > at;

function sameDefinition(rotation: StoredRotation, edit: RotationEdit): boolean {
  const definition = (r: {
    unit: string;
    every: number;
    startsAt: string;
    recurrence?: string | null | undefined;
    members: RotationMember[];
    activeWindows?: ActiveWindow[] | undefined;
  }) => JSON.stringify([r.unit, r.every, r.startsAt, r.recurrence ?? null, r.members, r.activeWindows ?? []]);
  return definition(rotation) === definition(edit);
}

function definitionOf(edit: RotationEdit) {
  return {
    unit: edit.unit,
    every: edit.every,
    startsAt: edit.startsAt,
    ...(edit.recurrence ? { recurrence: edit.recurrence } : {}),
    members: edit.members,
    ...(edit.activeWindows?.length ? { activeWindows: edit.activeWindows } : {}),
  };
}

/**
 * The bounds an editor asked for, checked: a start at or before the change time (or none) is "from
 * the change", so sending back a read never moves a running version's start. 422 at
 * `effectiveUntil` when the end is not after the start (or the change).
 */
function boundsOf(edit: RotationEdit, at: number | null, path: string) {
  const from = edit.effectiveFrom ?? undefined;
  const start = from !== undefined && (at === null || from > at) ? from : undefined;
  const until = edit.effectiveUntil ?? undefined;
  const floor = start ?? at;
  if (until !== undefined && floor !== null && until <= floor)
    throw new ScheduleError(
      'INVALID_RANGE',
      at === null || start !== undefined
        ? 'the effective until must be after the effective from'
        : 'the effective until must be in the future',
      `${path}.effectiveUntil`,
    );
  return { start, until };
}

/** A running version's bounds as `boundsOf` reads an edit's, to tell whether they changed. */
function storedBounds(rotation: StoredRotation, at: number) {
  const from = rotation.effectiveFrom;
  return { start: from !== undefined && from > at ? from : undefined, until: rotation.effectiveUntil };
}

function withBounds(
  rotation: StoredRotation,
  bounds: { start?: number | undefined; until?: number | undefined },
) {
  const bounded = { ...rotation };
  if (bounds.start !== undefined) bounded.effectiveFrom = bounds.start;
  if (bounds.until !== undefined) bounded.effectiveUntil = bounds.until;
  else delete bounded.effectiveUntil;
  return bounded;
}

function closed(rotation: StoredRotation, at: number): StoredRotation {
  return inForce(rotation, at) ? { ...rotation, effectiveUntil: at } : rotation;
}

/**
 * Applies an editor's layers at `at` without rewriting the past: a changed rotation's running
 * version ends at `at` and a new version starts there; a rotation or layer left out ends at `at`
 * and is kept for history; a new one starts at `at`. Versions that ended before stay as they were.
 * An edit that names an unknown rotation or layer id adds it. A new schedule (`at` null) has no
 * past: its rotations run from their first hand-off.
 */
export function reviseLayers(
  current: StoredLayer[],
  edits: LayerEdit[],
  at: number | null,
  newId: () => string,
): StoredLayer[] {
  if (at === null) {
    return edits.map((edit, l) => ({
      id: newId(),
      name: edit.name ?? null,
      priority: edit.priority,
      rotations: edit.rotations.map((rotation, r) =>
        withBounds(
          { id: newId(), name: rotation.name ?? null, ...definitionOf(rotation) },
          boundsOf(rotation, null, `layers.${l}.rotations.${r}`),
        ),
      ),
    }));
  }
  const byId = new Map(current.map((layer) => [layer.id, layer]));
  const kept = new Set<string>();
  const revised: StoredLayer[] = edits.map((edit, l) => {
    const existing = edit.id === undefined ? undefined : byId.get(edit.id);
    const layerId = existing?.id ?? newId();
    kept.add(layerId);
    const history = existing?.rotations ?? [];
    const touched = new Set<string>();
    const rotations: StoredRotation[] = [];
    for (const [r, sent] of edit.rotations.entries()) {
      const running = history.find((candidate) => candidate.id === sent.id && inForce(candidate, at));
      // An editor that predates recurrence rules sends none back: left out (not null), the running
      // version's rule is kept, so saving such a form does not turn it into a unit rotation.
      const rotationEdit =
        sent.recurrence === undefined && running?.recurrence
          ? { ...sent, recurrence: running.recurrence }
          : sent;
      const name = rotationEdit.name ?? running?.name ?? null;
      const definition = definitionOf(rotationEdit);
      const bounds = boundsOf(rotationEdit, at, `layers.${l}.rotations.${r}`);
      if (running) {
        touched.add(running.id);
        const was = storedBounds(running, at);
        if (sameDefinition(running, rotationEdit) && was.start === bounds.start) {
          // A new end (after now) changes no answer about the past: the version keeps running.
          rotations.push(withBounds({ ...running, name }, { until: bounds.until }));
          continue;
        }
        const [ended, opened] = reviseRotation(running, at, definition, newId());
        if (!definition.activeWindows) delete opened.activeWindows;
        if (!definition.recurrence) delete opened.recurrence;
        rotations.push(
          { ...ended, name: running.name },
          withBounds({ ...opened, name }, { start: bounds.start, until: bounds.until }),
        );
        continue;
      }
      rotations.push(withBounds({ id: newId(), name, ...definition, effectiveFrom: at }, bounds));
    }
    for (const rotation of history) {
      if (!touched.has(rotation.id)) rotations.push(closed(rotation, at));
    }
    return { id: layerId, name: edit.name ?? existing?.name ?? null, priority: edit.priority, rotations };
  });
  for (const layer of current) {
    if (!kept.has(layer.id)) {
      revised.push({ ...layer, rotations: layer.rotations.map((rotation) => closed(rotation, at)) });
    }
  }
  return revised;
}

/** The rotations still in force at `at` or later, for views and editors. */
export function rotationsInForce(layer: StoredLayer, at: number): StoredRotation[] {
  return layer.rotations.filter((rotation) => inForce(rotation, at));
}
