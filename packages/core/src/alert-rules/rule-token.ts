import { newOpaqueToken } from '../auth/opaque-token';
import type { SecretBox } from '../crypto/secret-box';
import type { AlertRuleType } from '../entities/alert-rule.entity';

/** `api` and `notification` rules are fired by callers that present the rule's own token. */
export function hasRuleToken(type: AlertRuleType): boolean {
  return type === 'api' || type === 'notification';
}

/**
 * A fresh ingestion token (256 bits, `ak_` prefix): ingestion finds the rule by its keyed hash;
 * the sealed copy is only ever opened to show it to the rule's admins.
 */
export function issueRuleToken(box: SecretBox): { tokenHash: string; sealedToken: string } {
  const token = newOpaqueToken('ak');
  return { tokenHash: box.lookupHash(token), sealedToken: box.encrypt(token) };
}
