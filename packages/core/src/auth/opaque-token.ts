import { randomBytes } from 'node:crypto';

/** A random bearer secret (256 bits) with a readable prefix so leaked tokens are easy to spot and scan for. */
export function newOpaqueToken(prefix: string): string {
  return `${prefix}_${randomBytes(32).toString('base64url')}`;
}
