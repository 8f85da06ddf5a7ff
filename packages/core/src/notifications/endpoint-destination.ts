import type { SecretBox } from '../crypto/secret-box';
import type { EndpointType } from '../entities/endpoint.entity';

/** The endpoint columns a send needs, read as a plain row. */
export interface EndpointRow {
  readonly type: EndpointType;
  readonly value: string;
  /** A webhook URL, sealed (the URL is the credential); `value` is then empty. */
  readonly sealed_value: string | null;
  readonly thread_id: string | null;
  readonly sealed_bot_token: string | null;
}

/** The channel an endpoint without provider configs talks to directly. */
const DIRECT_CHANNELS: Partial<Record<EndpointType, string>> = {
  telegram: 'telegram',
  bale: 'bale',
  teams: 'teams',
  'matter-most': 'mattermost',
};

export function directChannelId(type: EndpointType): string | undefined {
  return DIRECT_CHANNELS[type];
}

/**
 * An endpoint as its channel's destination schema expects it: telegram `{chatId, threadId, botToken}`
 * (chat id from `value`), bale `{chatId, botToken}`, the others `{value}` (a sealed webhook URL
 * opened). Secrets are decrypted here, at send time, and go no further than the channel.
 */
export function endpointDestination(endpoint: EndpointRow, box: SecretBox): Record<string, unknown> {
  const botToken = endpoint.sealed_bot_token ? box.decrypt(endpoint.sealed_bot_token) : undefined;
  if (endpoint.type === 'telegram') {
    return { chatId: endpoint.value, threadId: endpoint.thread_id ?? undefined, botToken };
  }
  if (endpoint.type === 'bale') return { chatId: endpoint.value, botToken };
  return { value: endpoint.sealed_value ? box.decrypt(endpoint.sealed_value) : endpoint.value };
}
