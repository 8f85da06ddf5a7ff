import { z } from 'zod';

const MAX_URL = 2048;
const email = z.email();

// Format checks pass "" through: an empty required field is reported once, as required, and an
// empty optional one clears the stored value.

function isHttpUrl(text: string): boolean {
  if (!URL.canParse(text)) return false;
  const url = new URL(text);
  return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
}

const requiredText = (label: string, max = 190) =>
  z
    .string({ error: `The ${label} field is required.` })
    .trim()
    .min(1, `The ${label} field is required.`)
    .max(max, `The ${label} may not be greater than ${max} characters.`);

/**
 * Field schemas for a channel's `configFields` that answer with the messages the service's own
 * fields use ("The sender number field is required."), so that a provider config form reads
 * alike whichever plugin it configures. `label` is how a message names the field. Optional
 * fields take `null` or `""` to clear the stored value.
 *
 * @example
 * configFields: z.object({
 *   senderNumber: wireFields.requiredText('sender number', 32),
 *   baseUrl: wireFields.optionalHttpUrl('base url'),
 * })
 */
export const wireFields = {
  /** Trimmed, non-empty text of at most `max` characters. */
  requiredText,
  /** Trimmed text of at most `max` characters, or `null` / `""`. */
  optionalText: (label: string, max = 190) =>
    z
      .string({ error: `The ${label} must be a string.` })
      .trim()
      .max(max, `The ${label} may not be greater than ${max} characters.`)
      .nullish(),
  /** An absolute http(s) URL, or `null` / `""`. */
  optionalHttpUrl: (label: string) =>
    z
      .string({ error: `The ${label} must be a string.` })
      .trim()
      .max(MAX_URL, `The ${label} may not be greater than ${MAX_URL} characters.`)
      .refine((url) => url === '' || isHttpUrl(url), `The ${label} must be a valid http or https URL.`)
      .nullish(),
  /** An email address. */
  emailAddress: (label: string) =>
    requiredText(label, 254).refine(
      (address) => address === '' || email.safeParse(address).success,
      `The ${label} must be a valid email address.`,
    ),
  /** `true`, `false`, or `null`. */
  optionalBoolean: (label: string) =>
    z.boolean({ error: `The ${label} field must be true or false.` }).nullish(),
  /** One of a fixed set of values; a missing one and a wrong one get different messages. */
  choice: <const Values extends readonly [string, ...string[]]>(label: string, values: Values) =>
    z.enum(values, {
      error: (issue) =>
        issue.input === undefined ? `The ${label} field is required.` : `The selected ${label} is invalid.`,
    }),
};
