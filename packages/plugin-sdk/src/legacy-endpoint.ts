import type { z } from 'zod';

/**
 * How clients write and read endpoints of a type that predates channel plugins (sms, call, email,
 * the messengers and webhooks of the first release), when that wire shape is not the channel's
 * `destinationSchema`: the host builds the type's endpoint bodies and answers from it, byte for
 * byte as before, and keeps such endpoints where the first release stored them (a chat id or
 * number in `value`, a thread in `threadId`, a bot token and a secret `value` sealed each in its
 * own column). A new channel leaves it out: its destination fields are its wire.
 *
 * - `body`: the destination fields of a body beside the host's own (`name`, sharing, `otpCode`),
 *   with their limits and the service's error messages; on `update` a secret may be left out or
 *   sent back masked (the stored one is kept).
 * - `view`: the fields an answer shows, in their order; secrets are masked by the host.
 * - `aliases`: body fields older clients send instead of a destination field, e.g.
 *   `{ value: 'chatId' }`.
 * - `labels`: how messages name a field when its name spelled out is not it, e.g.
 *   `{ value: 'webhook url' }`.
 * - `shownToManagers`: secret fields answered in full to whoever may manage the endpoint and
 *   masked to the others (a webhook URL its owner may need to paste elsewhere).
 *
 * @example
 * {
 *   body: (mode) => ({ value: mode === 'create' ? webhookUrl : webhookUrlOrMask }),
 *   view: z.object({ value: z.string() }),
 *   labels: { value: 'webhook url' },
 *   shownToManagers: ['value'],
 * }
 */
export interface LegacyEndpoint {
  readonly body: (mode: 'create' | 'update') => Readonly<Record<string, z.ZodType>>;
  readonly view: z.ZodObject;
  readonly aliases?: Readonly<Record<string, string>>;
  readonly labels?: Readonly<Record<string, string>>;
  readonly shownToManagers?: readonly string[];
}
