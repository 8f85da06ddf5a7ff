import { newOpaqueToken } from '../auth/opaque-token';
import type { SecretBox } from '../crypto/secret-box';
import type { AlertRuleType } from '../entities/alert-rule.entity';
import type { PluginRegistry } from '../plugins/plugin-registry';

/**
 * `api` and `notification` rules are fired by callers that present the rule's own token, and so
 * are rules of the plugin types in `pluginTypes` (a heartbeat's ping URL carries it).
 */
export function hasRuleToken(type: AlertRuleType, pluginTypes: ReadonlySet<string> = new Set()): boolean {
  return type === 'api' || type === 'notification' || pluginTypes.has(type);
}

/**
 * The plugin rule types whose rules carry a token: those of sources pinged by the jobs they watch.
 *
 * @example tokenRuleTypesOf(plugins) // Set { 'heartbeat' }
 */
export function tokenRuleTypesOf(plugins: PluginRegistry): ReadonlySet<string> {
  return new Set(
    [...plugins.sources].filter(([, source]) => source.heartbeat !== undefined).map(([type]) => type),
  );
}

/**
 * A fresh ingestion token (256 bits, `ak_` prefix): ingestion finds the rule by its keyed hash;
 * the sealed copy is only ever opened to show it to the rule's admins.
 */
export function issueRuleToken(box: SecretBox): { tokenHash: string; sealedToken: string } {
  const token = newOpaqueToken('ak');
  return { tokenHash: box.lookupHash(token), sealedToken: box.encrypt(token) };
}
