import { fieldErrorsFromIssues, findInputFault } from '@oncall/contracts';
import { validationFailed } from '@oncall/core';
import type { z } from 'zod';

/** Parses resolver input with a contracts schema; a failure is the core's own `validation_failed`. */
export function parseInput<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const fault = findInputFault(value);
  if (fault !== undefined) throw validationFailed({ [fault.path || 'input']: [fault.message] });
  const result = schema.safeParse(value);
  if (!result.success) throw validationFailed(fieldErrorsFromIssues(result.error.issues));
  return result.data;
}
