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
import {
  destinationOf,
  type EndpointCatalog,
  isLegacyEndpointType,
  type LegacyEndpointType,
  typeChoiceMessage,
} from './endpoint-catalog';
import { flowStepsSchema } from './flow-steps';
import { pluginBodyFields } from './plugin-destination-fields';

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
 * The endpoint body, one shape per type of the catalog, in its order. The legacy types keep their
 * fixed shapes: Telegram and Bale name their chat by `chatId` or, as legacy clients do, by `value`.
 * A plugin-defined type takes its channel's destination fields beside the common ones (and
 * `otpCode` when its destination is verified). `extra` adds fields to every shape (the tRPC
 * update's `id`).
 */
export function endpointBodySchema<E extends z.ZodRawShape>(options: {
  catalog: EndpointCatalog;
  mode: EndpointBodyMode;
  strictness: Strictness;
  extra: E;
}) {
  const { catalog, mode, strictness, extra } = options;
  const common = {
    ...extra,
    name: requiredText('name'),
    accessUserIds: idList('access user ids').optional(),
    accessTeamIds: idList('access team ids').optional(),
  };
  const token = mode === 'create' ? botToken : blankAsAbsent(botToken);
  const hook = mode === 'create' ? webhookUrl : webhookUrlOrMask;
  const chat = { chatId: blankAsAbsent(chatId('chat id')), value: blankAsAbsent(chatId('value')) };
  const legacy = {
    sms: objectOf({ ...common, type: z.literal('sms'), value: phoneNumber, otpCode }, strictness),
    call: objectOf({ ...common, type: z.literal('call'), value: phoneNumber, otpCode }, strictness),
    email: objectOf({ ...common, type: z.literal('email'), value: emailAddress, otpCode }, strictness),
    telegram: objectOf(
      { ...common, type: z.literal('telegram'), ...chat, threadId: threadIdField, botToken: token },
      strictness,
    ),
    bale: objectOf({ ...common, type: z.literal('bale'), ...chat, botToken: token }, strictness),
    teams: objectOf({ ...common, type: z.literal('teams'), value: hook }, strictness),
    'matter-most': objectOf({ ...common, type: z.literal('matter-most'), value: hook }, strictness),
  } satisfies Record<LegacyEndpointType, unknown>;
  const flow = objectOf(
    { ...common, type: z.literal('flow'), steps: flowStepsSchema(strictness) },
    strictness,
  );
  const pluginDefined = (type: string) => {
    const fields = pluginBodyFields(destinationOf(catalog, type), mode);
    if (catalog.otpTypes.includes(type)) fields.otpCode = otpCode;
    return withDestinationFields({ ...common, type: z.literal(type) }, fields, strictness);
  };
  const [first, ...rest] = catalog.types.map((type) => {
    if (type === 'flow') return flow;
    return isLegacyEndpointType(type) ? legacy[type] : pluginDefined(type);
  });
  if (first === undefined) throw new Error('An endpoint catalog lists at least the flow type');
  return z.discriminatedUnion('type', [first, ...rest], { error: typeChoiceMessage(catalog.types) });
}

/**
 * An object of the `known` fields and a plugin's destination `fields` (its schemas, checked at run
 * time), typed as the known fields beside unknown ones: the plugin's fields are only known once the
 * plugins are loaded.
 */
function withDestinationFields<S extends z.ZodRawShape>(
  known: S,
  fields: Readonly<Record<string, z.core.$ZodType>>,
  strictness: Strictness,
): z.ZodObject<S, z.core.$loose> {
  return objectOf({ ...fields, ...known }, strictness) as unknown as z.ZodObject<S, z.core.$loose>;
}

export const endpointChangeOwnerBody = z.object({ userId: idField('user id') });
