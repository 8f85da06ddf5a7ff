import { validationFailed } from '@oncall/core';

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

/** A schedule error as the 422 the faces answer, at its field. */
export function scheduleErrorAsValidation(error: unknown): never {
  if (error instanceof ScheduleError) {
    const message = error.conflictingOverrideId
      ? `${error.message} (${error.conflictingOverrideId}).`
      : `${error.message}.`;
    throw validationFailed({ [error.field]: [message[0]?.toUpperCase() + message.slice(1)] });
  }
  throw error;
}
