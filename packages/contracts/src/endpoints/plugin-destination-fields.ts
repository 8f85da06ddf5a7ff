import { z } from 'zod';
import type { EndpointDestinationFields } from './endpoint-catalog';

/** As answers mask a secret: `********` and its last characters. */
const LOOKS_MASKED = /^\*{8}/;

type Shape = Record<string, z.core.$ZodType>;

/**
 * The body fields of a plugin-defined endpoint type: its `destinationSchema`'s. On update a secret
 * field may also be left out, `null`, or sent back as answers mask it; the core then keeps, clears
 * or refuses it and parses the whole destination again.
 */
export function pluginBodyFields(fields: EndpointDestinationFields, mode: 'create' | 'update'): Shape {
  return mapShape(fields, (schema, secret) => (mode === 'update' && secret ? keptSecretOr(schema) : schema));
}

/** The answer fields of a plugin-defined endpoint type: its destination, secret fields masked. */
export function pluginViewFields(fields: EndpointDestinationFields): Shape {
  return mapShape(fields, (schema, secret) => (secret ? z.string().optional().describe('masked') : schema));
}

function mapShape(
  fields: EndpointDestinationFields,
  map: (schema: z.core.$ZodType, secret: boolean) => z.core.$ZodType,
): Shape {
  return Object.fromEntries(
    Object.entries(fields.schema.shape).map(([key, schema]) => [
      key,
      map(schema, fields.secretFields.includes(key)),
    ]),
  );
}

function keptSecretOr(schema: z.core.$ZodType) {
  return z
    .unknown()
    .superRefine((value, ctx) => {
      if (value === undefined || value === null) return;
      if (typeof value === 'string' && LOOKS_MASKED.test(value)) return;
      for (const issue of z.safeParse(schema, value).error?.issues ?? []) {
        ctx.addIssue({ code: 'custom', message: issue.message, path: issue.path });
      }
    })
    .optional();
}
