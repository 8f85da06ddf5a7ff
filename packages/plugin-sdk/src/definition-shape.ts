import { z } from 'zod';
import type { AnyChannelDefinition } from './channel';

// Duck-typed rather than `instanceof z.ZodObject`: a third-party plugin may bring its own copy of zod.
const zodObjectSchema = z.custom<z.ZodObject>(
  (value) => typeof value === 'object' && value !== null && '_zod' in value && 'shape' in value,
  'must be a zod v4 object schema (z.object(...))',
);

const createFunction = z.custom<AnyChannelDefinition['create']>(
  (value) => typeof value === 'function',
  'must be a function',
);

const channelDefinitionShape = z
  .looseObject({
    id: z.string().regex(/^[a-z][a-z0-9]*(-[a-z0-9]+)*$/, 'must be lowercase words joined by dashes'),
    displayName: z.string().min(1),
    configSchema: zodObjectSchema,
    secretFields: z.array(z.string()).readonly(),
    destinationSchema: zodObjectSchema,
    destinationSecretFields: z.array(z.string()).readonly(),
    capabilities: z.object({
      otp: z.boolean(),
      acknowledge: z.enum(['button', 'link', 'none']),
      messengerProxy: z.boolean(),
      lane: z.enum(['page', 'email', 'chat']).optional(),
    }),
    serves: z
      .object({
        endpointType: z
          .string()
          .regex(/^[a-z][a-z0-9]*(-[a-z0-9]+)*$/, 'must be lowercase words joined by dashes')
          .refine((type) => type !== 'flow', "flow is the host's own endpoint type"),
        endpointLabel: z.string().min(1).optional(),
        provider: z
          .object({
            name: z.string().min(1),
            label: z.string().min(1),
            implied: z.boolean().optional(),
            legacyNames: z.array(z.string().min(1)).readonly().optional(),
            legacyFieldNames: z.record(z.string().min(1), z.string().min(1)).optional(),
          })
          .optional(),
      })
      .optional(),
    configFields: zodObjectSchema.optional(),
    secretBoundFields: z.array(z.string()).readonly().optional(),
    pacing: z
      .array(
        z.looseObject({
          per: z.string().regex(/^[a-z][a-z0-9-]*$/, 'must be a lowercase word'),
          count: z.number().int().positive(),
          windowMs: z.number().int().positive(),
          key: z.custom<(config: unknown, destination: unknown) => string | null>(
            (value) => typeof value === 'function',
            'must be a function',
          ),
        }),
      )
      .readonly()
      .optional(),
    legacyEndpoint: z
      .looseObject({
        body: z.custom<(mode: 'create' | 'update') => Record<string, z.ZodType>>(
          (value) => typeof value === 'function',
          'must be a function',
        ),
        view: zodObjectSchema,
        aliases: z.record(z.string(), z.string()).optional(),
        labels: z.record(z.string(), z.string()).optional(),
        shownToManagers: z.array(z.string()).readonly().optional(),
      })
      .optional(),
    create: createFunction,
  })
  .superRefine((definition, issues) => {
    for (const [list, schema] of [
      ['secretFields', definition.configSchema],
      ['destinationSecretFields', definition.destinationSchema],
    ] as const) {
      for (const field of definition[list]) {
        if (!(field in schema.shape)) {
          issues.addIssue({
            code: 'custom',
            path: [list],
            message: `names "${field}", which the schema lacks`,
          });
        }
      }
    }
    // Both describe the config's non-secret fields: the host owns how secrets are written.
    const secrets = new Set(definition.secretFields);
    for (const [list, fields] of [
      ['configFields', Object.keys(definition.configFields?.shape ?? {})],
      ['secretBoundFields', definition.secretBoundFields ?? []],
    ] as const) {
      for (const field of fields) {
        const problem = !(field in definition.configSchema.shape)
          ? 'which the config schema lacks'
          : secrets.has(field)
            ? 'which is a secret field'
            : undefined;
        if (problem)
          issues.addIssue({ code: 'custom', path: [list], message: `names "${field}", ${problem}` });
      }
    }
    // A legacy name shows a field's value in the clear: only a non-secret config field may have one.
    for (const [legacy, field] of Object.entries(definition.serves?.provider?.legacyFieldNames ?? {})) {
      if (field in definition.configSchema.shape && !secrets.has(field)) continue;
      issues.addIssue({
        code: 'custom',
        path: ['serves', 'provider', 'legacyFieldNames', legacy],
        message: `names "${field}", which is not a non-secret config field`,
      });
    }
  });

/**
 * Checks at run time that a value is a channel definition (what `defineChannel` returns), for
 * modules the host imports by name. Returns a readable reason when it is not.
 *
 * @example
 * const checked = checkChannelDefinition(module.default);
 * if (!checked.ok) throw new Error(checked.reason);
 */
export function checkChannelDefinition(
  value: unknown,
):
  | { readonly ok: true; readonly definition: AnyChannelDefinition }
  | { readonly ok: false; readonly reason: string } {
  const parsed = channelDefinitionShape.safeParse(value);
  if (parsed.success) return { ok: true, definition: parsed.data };
  return { ok: false, reason: z.prettifyError(parsed.error) };
}
