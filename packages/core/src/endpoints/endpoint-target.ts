import { destinationOf, type EndpointCatalog } from '@oncall/contracts';
import type { SecretBox } from '../crypto/secret-box';
import { type SecretField, submittedSecret } from '../crypto/submitted-secret';
import type { Endpoint, FlowStep } from '../entities/endpoint.entity';
import { validationFailed } from '../errors/domain-error';
import { type BuiltInEndpointInput, type EndpointInput, isBuiltInInput } from './endpoint-input';
import { resolvePluginDestination, type StoredPluginDestination } from './plugin-destination';

/** Where an endpoint delivers, as stored: the columns that depend on the type. */
export interface EndpointTarget extends Required<StoredPluginDestination> {
  /** The number, address or chat id; empty for a flow and for a sealed webhook URL. */
  value: string;
  /** A Teams or Mattermost webhook URL, sealed: the URL itself lets anyone post to the channel. */
  sealedValue: string | null;
  threadId: string | null;
  sealedBotToken: string | null;
  steps: FlowStep[] | null;
}

/** A secret an endpoint of its type cannot be without. */
type RequiredSecret = SecretField & { requiredMessage: string };

const WEBHOOK_URL: RequiredSecret = {
  path: 'value',
  label: 'webhook url',
  requiredMessage: 'The value field is required.',
};
/**
 * A bot token goes to the deployment's Bot API base URL (server configuration), so no field of the
 * endpoint is its destination: a new chat id keeps the stored token.
 */
const BOT_TOKEN: RequiredSecret = {
  path: 'botToken',
  label: 'bot token',
  requiredMessage: 'The bot token field is required.',
};

const NO_TARGET = {
  value: '',
  sealedValue: null,
  threadId: null,
  sealedBotToken: null,
  steps: null,
  destination: null,
  sealedDestination: null,
} as const satisfies EndpointTarget;

/**
 * The stored target for an input, given the endpoint it updates (if any). A plugin-defined type
 * stores the destination its channel's schema accepts (see `resolvePluginDestination`); the
 * built-in types keep their columns.
 */
export function resolveTarget(
  input: EndpointInput,
  current: Endpoint | undefined,
  box: SecretBox,
  catalog: EndpointCatalog,
): EndpointTarget {
  if (isBuiltInInput(input)) return { ...NO_TARGET, ...builtInTarget(input, current, box) };
  const { destination, sealedDestination } = resolvePluginDestination(
    destinationOf(catalog, input.type),
    input,
    current,
    box,
  );
  return { ...NO_TARGET, destination, sealedDestination };
}

/**
 * A bot token and a webhook URL follow `submittedSecret` (sent back exactly as reads mask it keeps
 * the stored one, any other masked-looking value is refused); a thread id left out is kept.
 */
function builtInTarget(
  input: BuiltInEndpointInput,
  current: Endpoint | undefined,
  box: SecretBox,
): Partial<EndpointTarget> {
  switch (input.type) {
    case 'telegram':
      return {
        value: chatIdOf(input),
        threadId: input.threadId === undefined ? (current?.threadId ?? null) : input.threadId,
        sealedBotToken: sealSecret(input.botToken, current?.sealedBotToken, BOT_TOKEN, box),
      };
    case 'bale':
      return {
        value: chatIdOf(input),
        sealedBotToken: sealSecret(input.botToken, current?.sealedBotToken, BOT_TOKEN, box),
      };
    case 'flow':
      return { steps: input.steps };
    case 'teams':
    case 'matter-most':
      return { sealedValue: sealSecret(input.value, current?.sealedValue, WEBHOOK_URL, box) };
    default:
      return { value: input.value };
  }
}

function chatIdOf(input: { chatId?: string; value?: string }): string {
  const chatId = input.chatId ?? input.value;
  if (!chatId) throw validationFailed({ chatId: ['The chat id field is required.'] });
  return chatId;
}

/**
 * `submittedSecret` for a required secret sealed in its own column. A kept secret keeps its sealed
 * text, so saving a form unchanged does not rewrite the column.
 */
function sealSecret(
  given: string | undefined,
  sealed: string | null | undefined,
  field: RequiredSecret,
  box: SecretBox,
): string {
  const stored = sealed ? box.decrypt(sealed) : undefined;
  const secret = submittedSecret(given, stored, field);
  if (sealed && secret === stored) return sealed;
  if (secret === undefined) throw validationFailed({ [field.path]: [field.requiredMessage] });
  return box.encrypt(secret);
}
