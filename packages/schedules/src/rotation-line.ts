import type { Schedule } from './model';

/**
 * The schedule narrowed to one rotation and its later versions (an edit starts a new version with
 * a new id, naming the one it replaced as `previousId`), so a flow step naming a rotation keeps
 * paging it after edits. The layer's priority and the other layers no longer mask it; overrides
 * that replace or remove its person still count, and `add` overrides (about the whole schedule)
 * do not. A rotation the schedule does not hold gives a schedule with nobody on call.
 */
export function rotationLine(schedule: Schedule, rotationId: string): Schedule {
  const layer = schedule.layers.find((candidate) => candidate.rotations.some((r) => r.id === rotationId));
  const line = new Set([rotationId]);
  let grown = true;
  while (layer && grown) {
    grown = false;
    for (const rotation of layer.rotations) {
      if (rotation.previousId && line.has(rotation.previousId) && !line.has(rotation.id)) {
        line.add(rotation.id);
        grown = true;
      }
    }
  }
  return {
    ...schedule,
    layers: layer
      ? [
          {
            id: layer.id,
            priority: 0,
            rotations: layer.rotations.filter((rotation) => line.has(rotation.id)),
          },
        ]
      : [],
    overrides: schedule.overrides.filter((override) => override.kind !== 'add'),
  };
}
