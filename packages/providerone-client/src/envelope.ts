import { z } from '@oncall/plugin-sdk';

// providerOne (KaveNegar's API) wraps every answer: `return.status` is 200 on success and an
// error code otherwise (mirrored in the HTTP status); `entries` lists the accepted messages.
const envelopeSchema = z.object({
  return: z.object({ status: z.number(), message: z.string().default('') }),
  entries: z
    .array(z.looseObject({ messageid: z.union([z.number(), z.string()]).optional() }))
    .nullish()
    .transform((entries) => entries ?? []),
});

export type Envelope = z.output<typeof envelopeSchema>;

/** Parses a providerOne answer body; undefined when it is not the envelope (a proxy's error page, …). */
export function parseEnvelope(body: string): Envelope | undefined {
  try {
    const parsed = envelopeSchema.safeParse(JSON.parse(body));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}
