/** Domain errors of schedules, with stable codes the faces map once (422 with a field path). */
export class ScheduleError extends Error {
  constructor(
    readonly code: 'OVERRIDE_CONFLICT' | 'INVALID_RANGE',
    message: string,
    readonly field: string,
    readonly conflictingOverrideId?: string,
  ) {
    super(message);
    this.name = 'ScheduleError';
  }
}
