import { createHmac } from 'node:crypto';
import { SecretBox } from '@oncall/core';

/**
 * The box a sync snapshot's secrets travel in: AES-256-GCM under a key derived from the zone's
 * assertion key, which the main keeps sealed and the agent derives from its zone token. A snapshot
 * read off the wire, or logged by a proxy, opens only with that zone's token; each side keeps the
 * secrets at rest under its own `ENCRYPTION_KEY`.
 */
export function zoneSyncBox(assertionKey: Uint8Array): SecretBox {
  return new SecretBox(createHmac('sha256', assertionKey).update('oncall/zone-sync').digest());
}
