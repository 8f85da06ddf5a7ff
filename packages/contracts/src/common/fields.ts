import { z } from 'zod';

/** A required, trimmed, non-empty string of bounded length. */
export const requiredText = (label: string, max = 190) =>
  z
    .string({ error: `The ${label} field is required.` })
    .trim()
    .min(1, `The ${label} field is required.`)
    .max(max, `The ${label} may not be greater than ${max} characters.`);

/** A record id as clients send it; existence (and shape) is checked by the use case. */
export const idField = (label: string) =>
  z
    .string({ error: `The ${label} field is required.` })
    .min(1, `The ${label} field is required.`)
    .max(64);

export const idList = (label: string) =>
  z.array(idField(label), { error: `The ${label} must be an array.` }).max(1000);

export const roleField = z.enum(['owner', 'manager', 'member'], {
  error: 'The selected role is invalid.',
});
