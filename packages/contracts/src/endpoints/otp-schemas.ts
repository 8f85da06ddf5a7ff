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
 * The `value` field of a verified type's wire: its legacy wire's own, which says text comes out (a
 * phone number, an address lower-cased), or else its destination's, checked on the text.
 */
function destinationValue(catalog: EndpointCatalog, type: string): z.ZodType<string> {
  const destination = destinationOf(catalog, type);
  const legacy = destination.legacy?.body('create').value;
  if (legacy !== undefined) return legacy.pipe(z.string());
  const field = destination.schema.shape.value;
  return z
    .string({ error: 'The value field is required.' })
    .trim()
    .superRefine((value, ctx) => {
      for (const issue of field ? (z.safeParse(field, value).error?.issues ?? []) : []) {
        ctx.addIssue({ code: 'custom', message: issue.message });
      }
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
