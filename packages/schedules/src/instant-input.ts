import { validationFailed } from '@oncall/core';

/** An instant as the faces pass it (ISO 8601 with an offset, or epoch ms) in epoch ms; 422 at `field`. */
export function instantOf(value: string | number, field: string): number {
  const ms = typeof value === 'number' ? value : Date.parse(value);
  if (!Number.isFinite(ms)) throw validationFailed({ [field]: [`The ${field} is not a valid instant.`] });
  return ms;
}
