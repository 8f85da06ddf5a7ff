import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * An agent's token: `zt_<zone id>.<32 random bytes>`. The zone id in it lets the main find the row
 * without a lookup by hash and lets the agent know which zone it is (the audience of assertions).
 */
const TOKEN = /^zt_([0-9a-f-]{36})\.([A-Za-z0-9_-]{43})$/;

export function newZoneToken(zoneId: string): string {
  return `zt_${zoneId}.${randomBytes(32).toString('base64url')}`;
}

/** The zone id a token names, or null for anything that is not a zone token. */
export function zoneIdOf(token: string): string | null {
  return TOKEN.exec(token)?.[1] ?? null;
}

/** What the main stores: a 256-bit random token needs no slow hash. */
export function hashZoneToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Whether `token` hashes to `storedHash`, compared in constant time. */
export function zoneTokenMatches(token: string, storedHash: string): boolean {
  const given = Buffer.from(hashZoneToken(token), 'hex');
  const stored = Buffer.from(storedHash, 'hex');
  return given.length === stored.length && timingSafeEqual(given, stored);
}

/**
 * The key assertions to the zone are signed with, derived from its token: the main keeps it sealed
 * (it stores no token), the agent derives it from the token it was configured with.
 */
export function assertionKeyOf(token: string): Uint8Array {
  return new Uint8Array(createHmac('sha256', token).update('oncall/zone-assertion').digest());
}

/** `********abcd`, as every other secret is shown. */
export function tokenHintOf(token: string): string {
  return token.slice(-4);
}
