import { maskSecret, type SecretBox } from '../crypto/secret-box';
import type { Endpoint, FlowStep } from '../entities/endpoint.entity';
import { validationFailed } from '../errors/domain-error';
import type { EndpointInput } from './endpoint-input';

/** Where an endpoint delivers, as stored: the columns that depend on the type. */
export interface EndpointTarget {
  /** The number, address, webhook URL or chat id; empty for a flow. */
  value: string;
  threadId: string | null;
  sealedBotToken: string | null;
  steps: FlowStep[] | null;
}

/**
 * The stored target for an input, given the endpoint it updates (if any). A bot token that is left
 * out, or sent back exactly as reads mask it, keeps the stored one; so does a thread id left out.
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
        threadId: input.threadId === undefined ? (current?.threadId ?? null) : input.threadId,
        sealedBotToken: sealBotToken(input.botToken, current, box),
        steps: null,
      };
    case 'bale':
      return {
        value: chatIdOf(input),
        threadId: null,
        sealedBotToken: sealBotToken(input.botToken, current, box),
        steps: null,
      };
    case 'flow':
      return { value: '', threadId: null, sealedBotToken: null, steps: input.steps };
    default:
      return { value: input.value, threadId: null, sealedBotToken: null, steps: null };
  }
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
