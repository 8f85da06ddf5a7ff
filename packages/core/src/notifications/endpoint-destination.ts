import { isLegacyEndpointType } from '@oncall/contracts';
import type { SecretBox } from '../crypto/secret-box';
import { pluginDestinationToSend } from '../endpoints/plugin-destination';

/** The endpoint columns a send needs, read as a plain row. */
export interface EndpointRow {
  readonly type: string;
  readonly value: string;
  /** A webhook URL, sealed (the URL is the credential); `value` is then empty. */
  readonly sealed_value: string | null;
  readonly thread_id: string | null;
  readonly sealed_bot_token: string | null;
  /** A plugin-defined type's destination fields, parsed from JSON or as text from some drivers. */
  readonly destination: Record<string, unknown> | string | null;
  /** A plugin-defined type's secret destination fields, sealed as one JSON object. */
  readonly sealed_destination: string | null;
}

/**
 * An endpoint as its channel's destination schema expects it: telegram `{chatId, threadId, botToken}`
 * (chat id from `value`), bale `{chatId, botToken}`, the other built-in types `{value}` (a sealed
 * webhook URL opened), a plugin-defined type its stored destination fields. Secrets are decrypted
 * here, at send time, and go no further than the channel.
 */
export function endpointDestination(endpoint: EndpointRow, box: SecretBox): Record<string, unknown> {
  if (!isLegacyEndpointType(endpoint.type)) {
    const destination = objectOf(endpoint.destination);
    return pluginDestinationToSend({ destination, sealedDestination: endpoint.sealed_destination }, box);
  }
  const botToken = endpoint.sealed_bot_token ? box.decrypt(endpoint.sealed_bot_token) : undefined;
  if (endpoint.type === 'telegram') {
    return { chatId: endpoint.value, threadId: endpoint.thread_id ?? undefined, botToken };
  }
  if (endpoint.type === 'bale') return { chatId: endpoint.value, botToken };
  return { value: endpoint.sealed_value ? box.decrypt(endpoint.sealed_value) : endpoint.value };
}

function objectOf(value: Record<string, unknown> | string | null): Record<string, unknown> | null {
  const parsed: unknown = typeof value === 'string' ? JSON.parse(value) : value;
  return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)
    ? Object.fromEntries(Object.entries(parsed))
    : null;
}
