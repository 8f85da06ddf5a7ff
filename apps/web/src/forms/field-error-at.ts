import type { FieldErrors } from './server-field-errors';

/**
 * A field's message whether the server checked it as part of the procedure's input (a zod path under
 * the input's wrapper, `data.name`, `override.from`) or in the core (the body's own path, `name`).
 */
export function fieldErrorAt(errors: FieldErrors, path: string, wrapper?: string): string | undefined {
  return errors[path] ?? (wrapper ? errors[`${wrapper}.${path}`] : undefined);
}
