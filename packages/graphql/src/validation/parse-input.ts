import { fieldErrorsFromIssues, findNulPath, NUL_MESSAGE } from '@oncall/contracts';
import { validationFailed } from '@oncall/core';
import type { z } from 'zod';

/** Parses resolver input with a contracts schema; a failure is the core's own `validation_failed`. */
export function parseInput<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const nul = findNulPath(value);
  if (nul !== undefined) throw validationFailed({ [nul || 'input']: [NUL_MESSAGE] });
  const result = schema.safeParse(value);
  if (!result.success) throw validationFailed(fieldErrorsFromIssues(result.error.issues));
  return result.data;
}
