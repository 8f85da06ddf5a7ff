import type { Rotation } from './model';

/**
 * An edit never rewrites the past: the running version ends at the change time and a new version
 * with the changes starts there.
 */
export function reviseRotation(
  current: Rotation,
  at: number,
  changes: Partial<Omit<Rotation, 'id' | 'effectiveFrom' | 'effectiveUntil'>>,
  newId: string,
): [Rotation, Rotation] {
  const closed: Rotation = { ...current, effectiveUntil: at };
  const opened: Rotation = { ...current, ...changes, id: newId, effectiveFrom: at, previousId: current.id };
  if (current.effectiveUntil !== undefined) opened.effectiveUntil = current.effectiveUntil;
  else delete opened.effectiveUntil;
  return [closed, opened];
}
