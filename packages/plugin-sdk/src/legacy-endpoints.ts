import { z } from 'zod';
import type { LegacyEndpoint } from './legacy-endpoint';

// Field schemas of the endpoint bodies of the first release, with its error messages, for the
// channels that keep that wire (`legacyEndpoint`). Wherever a destination is named (endpoint bodies
// and OTP requests) it is validated by the same schema, so a code sent to one spelling verifies the
// same spelling.

const phoneNumber = z
  .string({ error: 'The value field is required.' })
  .trim()
  .regex(/^\+?\d{5,20}$/, 'The value must be a phone number: 5 to 20 digits, optionally after a +.');

/** Lower-cased: mail systems treat addresses case-insensitively, and OTP matching is exact. */
const emailAddress = z
  .string({ error: 'The value field is required.' })
  .trim()
  .toLowerCase()
  .max(254, 'The value may not be greater than 254 characters.')
  .pipe(z.email('The value must be a valid email address.'));

const webhookUrl = z
  .string({ error: 'The value field is required.' })
  .trim()
  .max(2000, 'The value may not be greater than 2000 characters.')
  .pipe(z.url({ protocol: /^https?$/, error: 'The value must be an http(s) URL.' }));

/**
 * On update a webhook URL may come back as reads mask it for those who may not see it
 * (`********` and its last characters): the host keeps the stored URL when the mask matches it.
 */
const webhookUrlOrMask = z
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

/** `""` and `null` read as left out. */
const blankAsAbsent = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === '' || value === null ? undefined : value), schema.optional());

/** A numeric chat id (groups are negative) or a public `@username`, named in messages by `field`. */
const chatId = (field: string) =>
  blankAsAbsent(
    idText(field).regex(
      /^(-?\d{1,20}|@[A-Za-z0-9_]{3,64})$/,
      `The ${field} must be a numeric chat id or an @username.`,
    ),
  );

const botToken = z
  .string({ error: 'The bot token field is required.' })
  .trim()
  .min(1, 'The bot token field is required.')
  .max(256, 'The bot token may not be greater than 256 characters.')
  .regex(/^\S+$/, 'The bot token may not contain spaces.');

/** `""` clears a thread on update, as `null` does; leaving the field out keeps it. */
const threadId = z.preprocess(
  (value) => (value === '' ? null : value),
  idText('thread id')
    .regex(/^\d{1,20}$/, 'The thread id must be a positive number.')
    .nullable()
    .optional(),
);

/**
 * A messenger bot's endpoint as the first release shaped it: the chat by `chatId` or, as legacy
 * clients name it, `value`; the bot token (left out on update, it is kept); with `threads`, a
 * forum topic.
 */
function botChatEndpoint(options: { threads: boolean }): LegacyEndpoint {
  const thread: Record<string, z.ZodType> = options.threads ? { threadId } : {};
  return {
    body: (mode) => ({
      chatId: chatId('chat id'),
      value: chatId('value'),
      ...thread,
      botToken: mode === 'create' ? botToken : blankAsAbsent(botToken),
    }),
    view: z.object({
      chatId: z.string(),
      ...(options.threads ? { threadId: z.string().nullable() } : {}),
      botToken: z.string().describe('masked'),
    }),
    aliases: { value: 'chatId' },
  };
}

/** An endpoint the first release kept as one `value`: a phone number or an email address. */
const valueEndpoint = (value: z.ZodType): LegacyEndpoint => ({
  body: () => ({ value }),
  view: z.object({ value: z.string() }),
});

/**
 * The endpoints of the first release (see `LegacyEndpoint`), for the channels that serve their
 * types: a phone number, an email address, a webhook URL (a secret shown to whoever may manage the
 * endpoint), a messenger bot's chat.
 *
 * @example legacyEndpoint: legacyEndpoints.webhook
 */
export const legacyEndpoints = {
  phone: valueEndpoint(phoneNumber),
  email: valueEndpoint(emailAddress),
  webhook: {
    body: (mode) => ({ value: mode === 'create' ? webhookUrl : webhookUrlOrMask }),
    view: z.object({
      value: z
        .string()
        .describe('the webhook URL; masked unless the reader owns the endpoint or is an owner or manager'),
    }),
    labels: { value: 'webhook url' },
    shownToManagers: ['value'],
  },
  botChat: botChatEndpoint({ threads: false }),
  threadedBotChat: botChatEndpoint({ threads: true }),
} satisfies Record<string, LegacyEndpoint>;
