import type { SecretBox } from '../crypto/secret-box';

/**
 * The refresh token that replaces `spent` when it is rotated: a keyed hash of it, so a reuse within
 * the grace window can be answered with the same successor without storing any token. Only the
 * holder of `spent` and the service (which has the key) can compute it; the database keeps the
 * lookup hash of each, as of every token.
 */
export function successorOf(secretBox: SecretBox, spent: string): string {
  return `rt_${secretBox.lookupHash(`refresh-token-successor:${spent}`)}`;
}
