import { z } from 'zod';
import { requiredText } from '../common/fields';

const MAX_SECRET = 1024;
const MAX_URL = 2048;
const email = z.email();

// Format checks below pass "" through: an empty required field is reported once, as required.

function isHttpUrl(text: string): boolean {
  try {
    const url = new URL(text);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

/** One of a fixed set of values; a missing one and a wrong one get different messages. */
export const choiceField = <const T extends readonly string[]>(label: string, values: T) =>
  z.enum(values, {
    error: (issue) =>
      issue.input === undefined ? `The ${label} field is required.` : `The selected ${label} is invalid.`,
  });

/**
 * The error of a discriminated union whose discriminator is missing or unknown, reported at the
 * discriminator's own path as any other field's.
 */
export const discriminatorError =
  (label: string) =>
  (issue: { code: string; input?: unknown }): string | undefined => {
    if (issue.code !== 'invalid_union') return undefined;
    const input = issue.input;
    const given =
      typeof input === 'object' &&
      input !== null &&
      label in input &&
      Reflect.get(input, label) !== undefined;
    return given ? `The selected ${label} is invalid.` : `The ${label} field is required.`;
  };

/** Where a socket connects: a host name or an IP address, never a URL with a scheme or path. */
export const hostField = requiredText('host', 253).regex(
  /^[A-Za-z0-9._:-]*$/,
  'The host must be a host name or IP address.',
);

const PORT_MESSAGE = 'The port must be a number between 1 and 65535.';

/** A TCP port, carried as a string by the contract: a JSON number is another type, refused like any. */
export const portField = z
  .string({
    error: (issue) =>
      issue.input === undefined ? 'The port field is required.' : 'The port must be a string.',
  })
  .trim()
  .min(1, 'The port field is required.')
  .refine(
    (port) => port === '' || (/^\d{1,5}$/.test(port) && Number(port) >= 1 && Number(port) <= 65_535),
    PORT_MESSAGE,
  )
  .describe(
    'Digits, 1..65535. Requests carrying `X-Cluster` (the original web UI) may send a JSON integer and are answered a number.',
  );

/** Text that may be left out; `null` and `""` mean "clear it", leaving it out on update keeps it. */
export const optionalText = (label: string, max = 190) =>
  z
    .string({ error: `The ${label} must be a string.` })
    .trim()
    .max(max, `The ${label} may not be greater than ${max} characters.`)
    .nullish();

export const requiredSecret = (label: string) =>
  requiredText(label, MAX_SECRET).describe('Write-only: answers show it masked.');

/**
 * A secret on update, or an optional one: left out, or sent back masked as it was read, keeps the
 * stored value (so a form can round-trip); `null` or `""` clears it where the field is optional.
 */
export const keptSecret = (label: string) =>
  optionalText(label, MAX_SECRET).describe(
    'Write-only: answers show it masked. Leave it out or send the masked value back to keep it.',
  );

export const requiredHttpUrl = (label: string, required = `The ${label} field is required.`) =>
  z
    .string({ error: required })
    .trim()
    .min(1, required)
    .max(MAX_URL, `The ${label} may not be greater than ${MAX_URL} characters.`)
    .refine((url) => url === '' || isHttpUrl(url), `The ${label} must be a valid http or https URL.`);

/** An http(s) URL that may be left out (or `""`/`null`, which clears it). */
export const optionalHttpUrl = (label: string) =>
  z
    .string({ error: `The ${label} must be a string.` })
    .trim()
    .max(MAX_URL, `The ${label} may not be greater than ${MAX_URL} characters.`)
    .refine((url) => url === '' || isHttpUrl(url), `The ${label} must be a valid http or https URL.`)
    .nullish();

export const emailAddressField = (label: string) =>
  requiredText(label, 254).refine(
    (address) => address === '' || email.safeParse(address).success,
    `The ${label} must be a valid email address.`,
  );

export const optionalBoolean = (label: string) =>
  z.boolean({ error: `The ${label} field must be true or false.` }).nullish();
