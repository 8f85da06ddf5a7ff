import { z } from 'zod';

/**
 * Where each endpoint type delivers, validated the same way wherever a destination is named
 * (endpoint bodies and OTP requests), so a code sent to one spelling verifies the same spelling.
 */
export const phoneNumber = z
  .string({ error: 'The value field is required.' })
  .trim()
  .regex(/^\+?\d{5,20}$/, 'The value must be a phone number: 5 to 20 digits, optionally after a +.');

/** Lower-cased: mail systems treat addresses case-insensitively, and OTP matching is exact. */
export const emailAddress = z
  .string({ error: 'The value field is required.' })
  .trim()
  .toLowerCase()
  .max(254, 'The value may not be greater than 254 characters.')
  .pipe(z.email('The value must be a valid email address.'));

export const webhookUrl = z
  .string({ error: 'The value field is required.' })
  .trim()
  .max(2000, 'The value may not be greater than 2000 characters.')
  .pipe(z.url({ protocol: /^https?$/, error: 'The value must be an http(s) URL.' }));

/**
 * On update a webhook URL may come back as reads mask it for those who may not see it
 * (`********` and its last characters): the core keeps the stored URL when the mask matches it.
 */
export const webhookUrlOrMask = z
  .string({ error: 'The value field is required.' })
  .trim()
  .superRefine((value, ctx) => {
    if (value.startsWith('********')) return;
    for (const issue of webhookUrl.safeParse(value).error?.issues ?? []) {
      ctx.addIssue({ code: 'custom', message: issue.message });
    }
  });

/**
 * Chat and thread ids are numbers in the messengers' APIs, but the contract carries them as strings
 * (large ids do not survive a JSON number in every client): a JSON number is refused like any other
 * type.
 */
const idText = (label: string) =>
  z
    .string({
      error: (issue) =>
        issue.input === undefined ? `The ${label} field is required.` : `The ${label} must be a string.`,
    })
    .trim();

/** A numeric chat id (groups are negative) or a public `@username`. */
export const chatId = (field: string) =>
  idText(field).regex(
    /^(-?\d{1,20}|@[A-Za-z0-9_]{3,64})$/,
    `The ${field} must be a numeric chat id or an @username.`,
  );

export const threadId = idText('thread id').regex(/^\d{1,20}$/, 'The thread id must be a positive number.');

export const botToken = z
  .string({ error: 'The bot token field is required.' })
  .trim()
  .min(1, 'The bot token field is required.')
  .max(256, 'The bot token may not be greater than 256 characters.')
  .regex(/^\S+$/, 'The bot token may not contain spaces.');
