import { ScheduleError } from './errors';
import type { Override } from './model';

function people(override: Override): string[] {
  return override.kind === 'replace' ? [override.userId, override.replacedUserId] : [override.userId];
}

/**
 * Refuses an override whose range overlaps an existing one about the same person, naming it: two
 * such overrides would make the answer depend on their order.
 */
export function checkOverride(candidate: Override, existing: readonly Override[]): void {
  if (!(candidate.from < candidate.until))
    throw new ScheduleError('INVALID_RANGE', 'from must be before until', 'until');
  if (candidate.kind === 'replace' && candidate.userId === candidate.replacedUserId) {
    throw new ScheduleError('INVALID_RANGE', 'a person cannot replace themselves', 'replacedUserId');
  }
  const mine = new Set(people(candidate));
  for (const other of existing) {
    if (other.id === candidate.id) continue;
    const overlaps = other.from < candidate.until && candidate.from < other.until;
    if (overlaps && people(other).some((person) => mine.has(person))) {
      throw new ScheduleError(
        'OVERRIDE_CONFLICT',
        `override overlaps override ${other.id} for the same person`,
        'from',
        other.id,
      );
    }
  }
}
