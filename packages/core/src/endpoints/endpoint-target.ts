import { maskSecret, type SecretBox } from '../crypto/secret-box';
import { type SecretField, submittedSecret } from '../crypto/submitted-secret';
import type { Endpoint, FlowStep } from '../entities/endpoint.entity';
import { validationFailed } from '../errors/domain-error';
import type { EndpointInput } from './endpoint-input';

/** Where an endpoint delivers, as stored: the columns that depend on the type. */
export interface EndpointTarget {
  /** The number, address or chat id; empty for a flow and for a sealed webhook URL. */
  value: string;
  /** A Teams or Mattermost webhook URL, sealed: the URL itself lets anyone post to the channel. */
  sealedValue: string | null;
  threadId: string | null;
  sealedBotToken: string | null;
  steps: FlowStep[] | null;
}

const URL_REQUIRED = 'The value field is required.';
const WEBHOOK_URL: SecretField = { path: 'value', label: 'webhook url', requiredMessage: URL_REQUIRED };

/**
 * The stored target for an input, given the endpoint it updates (if any). A bot token that is left
 * out, or sent back exactly as reads mask it, keeps the stored one; so does a webhook URL sent back
 * masked, and a thread id left out.
 */
export function resolveTarget(
  input: EndpointInput,
  current: Endpoint | undefined,
  box: SecretBox,
): EndpointTarget {
  switch (input.type) {
    case 'telegram':
      return {
        value: chatIdOf(input),
        sealedValue: null,
        threadId: input.threadId === undefined ? (current?.threadId ?? null) : input.threadId,
        sealedBotToken: sealBotToken(input.botToken, current, box),
        steps: null,
      };
    case 'bale':
      return {
        value: chatIdOf(input),
        sealedValue: null,
        threadId: null,
        sealedBotToken: sealBotToken(input.botToken, current, box),
        steps: null,
      };
    case 'flow':
      return { value: '', sealedValue: null, threadId: null, sealedBotToken: null, steps: input.steps };
    case 'teams':
    case 'matter-most':
      return {
        value: '',
        sealedValue: sealWebhookUrl(input.value, current, box),
        threadId: null,
        sealedBotToken: null,
        steps: null,
      };
    default:
      return { value: input.value, sealedValue: null, threadId: null, sealedBotToken: null, steps: null };
  }
}

function sealWebhookUrl(given: string, current: Endpoint | undefined, box: SecretBox): string {
  const sealed = current?.sealedValue;
  const stored = sealed ? box.decrypt(sealed) : undefined;
  const url = submittedSecret(given, stored, WEBHOOK_URL);
  if (sealed && url === stored) return sealed;
  if (url === undefined) throw validationFailed({ value: [URL_REQUIRED] });
  return box.encrypt(url);
}

function chatIdOf(input: { chatId?: string; value?: string }): string {
  const chatId = input.chatId ?? input.value;
  if (!chatId) throw validationFailed({ chatId: ['The chat id field is required.'] });
  return chatId;
}

function sealBotToken(given: string | undefined, current: Endpoint | undefined, box: SecretBox): string {
  const stored = current?.sealedBotToken;
  if (stored && (!given || given === maskSecret(box.decrypt(stored)))) return stored;
  if (!given) throw validationFailed({ botToken: ['The bot token field is required.'] });
  return box.encrypt(given);
}
