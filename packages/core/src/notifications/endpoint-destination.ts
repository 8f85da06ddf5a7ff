import type { EndpointCatalog } from '@oncall/contracts';
import type { SecretBox } from '../crypto/secret-box';
import { legacyColumnOf } from '../endpoints/legacy-columns';
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
 * An endpoint as its channel's destination schema expects it: a type older than channel plugins
 * each field of its destination from its column (see `legacyColumnOf`), any other its stored
 * destination fields. Secrets are decrypted here, at send time, and go no further than the channel.
 */
export function endpointDestination(
  endpoint: EndpointRow,
  box: SecretBox,
  catalog: EndpointCatalog,
): Record<string, unknown> {
  const fields = catalog.destinations.get(endpoint.type);
  if (fields?.legacy === undefined) {
    const destination = objectOf(endpoint.destination);
    return pluginDestinationToSend({ destination, sealedDestination: endpoint.sealed_destination }, box);
  }
  const open = (sealed: string | null) => (sealed ? box.decrypt(sealed) : undefined);
  const destination: Record<string, unknown> = {};
  for (const field of Object.keys(fields.schema.shape)) {
    switch (legacyColumnOf(field, fields.secretFields.includes(field))) {
      case 'value':
        destination[field] = endpoint.value;
        break;
      case 'threadId':
        destination[field] = endpoint.thread_id ?? undefined;
        break;
      case 'sealedBotToken':
        destination[field] = open(endpoint.sealed_bot_token);
        break;
      case 'sealedValue':
        destination[field] = open(endpoint.sealed_value) ?? endpoint.value;
    }
  }
  return destination;
}

function objectOf(value: Record<string, unknown> | string | null): Record<string, unknown> | null {
  const parsed: unknown = typeof value === 'string' ? JSON.parse(value) : value;
  return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)
    ? Object.fromEntries(Object.entries(parsed))
    : null;
}
