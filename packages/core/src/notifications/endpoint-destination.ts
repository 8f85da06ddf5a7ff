import type { SecretBox } from '../crypto/secret-box';
import { pluginDestinationToSend } from '../endpoints/plugin-destination';

/** The endpoint columns a send needs, read as a plain row. */
export interface EndpointRow {
  readonly type: string;
  /** The destination's plain fields, parsed from JSON or as text from some drivers. */
  readonly destination: Record<string, unknown> | string | null;
  /** The destination's secret fields, sealed as one JSON object. */
  readonly sealed_destination: string | null;
}

/**
 * An endpoint as its channel's destination schema expects it: its stored destination fields.
 * Secrets are decrypted here, at send time, and go no further than the channel.
 */
export function endpointDestination(endpoint: EndpointRow, box: SecretBox): Record<string, unknown> {
  const destination = objectOf(endpoint.destination);
  return pluginDestinationToSend({ destination, sealedDestination: endpoint.sealed_destination }, box);
}

function objectOf(value: Record<string, unknown> | string | null): Record<string, unknown> | null {
  const parsed: unknown = typeof value === 'string' ? JSON.parse(value) : value;
  return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)
    ? Object.fromEntries(Object.entries(parsed))
    : null;
}
