import { z } from 'zod';
import { objectOf, type Strictness } from '../common/strictness';
import { emailAddress, phoneNumber } from './destinations';
import {
  destinationOf,
  type EndpointCatalog,
  isLegacyEndpointType,
  type LegacyEndpointType,
  typeChoiceMessage,
} from './endpoint-catalog';

/**
 * A request for a one-time code to the destination (`value`) an endpoint of a verified type will
 * use, one shape per verified type of the catalog. The legacy types validate phone numbers and
 * addresses as endpoint bodies do; a plugin-defined type its destination's `value` field.
 */
export function otpSendBodySchema(catalog: EndpointCatalog, strictness: Strictness) {
  const legacy: Partial<Record<LegacyEndpointType, z.ZodType<string>>> = {
    sms: phoneNumber,
    call: phoneNumber,
    email: emailAddress,
  };
  const [first, ...rest] = catalog.otpTypes.map((type) => {
    const value = (isLegacyEndpointType(type) ? legacy[type] : undefined) ?? destinationValue(catalog, type);
    return objectOf({ type: z.literal(type), value }, strictness);
  });
  if (first === undefined) return noVerifiedTypes(strictness);
  return z.discriminatedUnion('type', [first, ...rest], { error: typeChoiceMessage(catalog.otpTypes) });
}

/** The `value` field of a verified plugin-defined type's destination, as text. */
function destinationValue(catalog: EndpointCatalog, type: string): z.ZodType<string> {
  const field = destinationOf(catalog, type).schema.shape.value;
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
