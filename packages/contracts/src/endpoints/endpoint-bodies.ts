import { z } from 'zod';
import { idField, idList, requiredText } from '../common/fields';
import { blankAsAbsent, objectOf, type Strictness } from '../common/strictness';
import {
  botToken,
  chatId,
  emailAddress,
  phoneNumber,
  threadId,
  webhookUrl,
  webhookUrlOrMask,
} from './destinations';
import { flowStepsSchema } from './flow-steps';

/**
 * On update a bot token may be left out (or sent back masked), and a webhook URL sent back masked:
 * the stored one is kept.
 */
export type EndpointBodyMode = 'create' | 'update';

const otpCode = blankAsAbsent(
  z
    .string({ error: 'The otp code must be a string.' })
    .trim()
    .max(32, 'The otp code may not be greater than 32 characters.'),
);

/** `""` clears a thread on update, as `null` does; leaving the field out keeps it. */
const threadIdField = z.preprocess((value) => (value === '' ? null : value), threadId.nullable().optional());

/**
 * The endpoint body, one shape per `type`. Telegram and Bale name their chat by `chatId` or, as
 * legacy clients do, by `value`. `extra` adds fields to every shape (the tRPC update's `id`).
 */
export function endpointBodySchema<E extends z.ZodRawShape>(options: {
  mode: EndpointBodyMode;
  strictness: Strictness;
  extra: E;
}) {
  const { mode, strictness, extra } = options;
  const common = {
    ...extra,
    name: requiredText('name'),
    accessUserIds: idList('access user ids').optional(),
    accessTeamIds: idList('access team ids').optional(),
  };
  const token = mode === 'create' ? botToken : blankAsAbsent(botToken);
  const hook = mode === 'create' ? webhookUrl : webhookUrlOrMask;
  const chat = { chatId: blankAsAbsent(chatId('chat id')), value: blankAsAbsent(chatId('value')) };
  return z.discriminatedUnion(
    'type',
    [
      objectOf({ ...common, type: z.enum(['sms', 'call']), value: phoneNumber, otpCode }, strictness),
      objectOf({ ...common, type: z.literal('email'), value: emailAddress, otpCode }, strictness),
      objectOf({ ...common, type: z.enum(['teams', 'matter-most']), value: hook }, strictness),
      objectOf(
        { ...common, type: z.literal('telegram'), ...chat, threadId: threadIdField, botToken: token },
        strictness,
      ),
      objectOf({ ...common, type: z.literal('bale'), ...chat, botToken: token }, strictness),
      objectOf({ ...common, type: z.literal('flow'), steps: flowStepsSchema(strictness) }, strictness),
    ],
    { error: 'The type must be one of sms, call, email, telegram, bale, teams, matter-most, flow.' },
  );
}

export const endpointCreateBody = endpointBodySchema({ mode: 'create', strictness: 'strip', extra: {} });
export const endpointUpdateBody = endpointBodySchema({ mode: 'update', strictness: 'strip', extra: {} });

export const endpointChangeOwnerBody = z.object({ userId: idField('user id') });
