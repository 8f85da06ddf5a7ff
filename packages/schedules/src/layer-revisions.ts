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
    return edits.map((edit) => ({
      id: newId(),
      name: edit.name ?? null,
      priority: edit.priority,
      rotations: edit.rotations.map((rotation) => ({
        id: newId(),
        name: rotation.name ?? null,
        ...definitionOf(rotation),
      })),
    }));
  }
  const byId = new Map(current.map((layer) => [layer.id, layer]));
  const kept = new Set<string>();
  const revised: StoredLayer[] = edits.map((edit) => {
    const existing = edit.id === undefined ? undefined : byId.get(edit.id);
    const layerId = existing?.id ?? newId();
    kept.add(layerId);
    const history = existing?.rotations ?? [];
    const touched = new Set<string>();
    const rotations: StoredRotation[] = [];
    for (const sent of edit.rotations) {
      const running = history.find((r) => r.id === sent.id && inForce(r, at));
      // An editor that predates recurrence rules sends none back: left out (not null), the running
      // version's rule is kept, so saving such a form does not turn it into a unit rotation.
      const rotationEdit =
        sent.recurrence === undefined && running?.recurrence
          ? { ...sent, recurrence: running.recurrence }
          : sent;
      const name = rotationEdit.name ?? running?.name ?? null;
      const definition = definitionOf(rotationEdit);
      if (running) {
        touched.add(running.id);
        if (sameDefinition(running, rotationEdit)) {
          rotations.push({ ...running, name });
          continue;
        }
        const [ended, opened] = reviseRotation(running, at, definition, newId());
        if (!definition.activeWindows) delete opened.activeWindows;
        if (!definition.recurrence) delete opened.recurrence;
        rotations.push({ ...ended, name: running.name }, { ...opened, name });
        continue;
      }
      rotations.push({ id: newId(), name, ...definition, effectiveFrom: at });
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
