import { z } from 'zod';
import { objectOf, type Strictness } from '../common/strictness';
import { destinationOf, type EndpointCatalog, typeChoiceMessage } from './endpoint-catalog';

/**
 * A request for a one-time code to the destination (`value`) an endpoint of a verified type will
 * use, one shape per verified type of the catalog, checked as endpoint bodies check it: by the
 * `value` field of the type's legacy wire, or else of its destination.
 */
export function otpSendBodySchema(catalog: EndpointCatalog, strictness: Strictness) {
  const [first, ...rest] = catalog.otpTypes.map((type) =>
    objectOf({ type: z.literal(type), value: destinationValue(catalog, type) }, strictness),
  );
  if (first === undefined) return noVerifiedTypes(strictness);
  return z.discriminatedUnion('type', [first, ...rest], { error: typeChoiceMessage(catalog.otpTypes) });
}

/**
 * The `value` field of a verified type's wire, as text: what it parses to when that is text (an
 * address lower-cased), so a code is sent to the spelling the endpoint will store.
 */
function destinationValue(catalog: EndpointCatalog, type: string): z.ZodType<string> {
  const destination = destinationOf(catalog, type);
  const field = destination.legacy?.body('create').value ?? destination.schema.shape.value;
  return z
    .string({ error: 'The value field is required.' })
    .trim()
    .transform((value, ctx) => {
      if (field === undefined) return value;
      const parsed = z.safeParse(field, value);
      if (parsed.success) return typeof parsed.data === 'string' ? parsed.data : value;
      for (const issue of parsed.error.issues) ctx.addIssue({ code: 'custom', message: issue.message });
      return z.NEVER;
    });
}

/** Without plugins that verify, every request is refused at `type`. */
function noVerifiedTypes(strictness: Strictness) {
  return objectOf(
    { type: z.never({ error: 'No endpoint type is verified by one-time code.' }), value: z.string() },
    strictness,
  );
}

export const otpSentSchema = z.object({ status: z.boolean(), message: z.string() });
