import type { EntityManager } from '@mikro-orm/core';
import type { SecretBox } from '../crypto/secret-box';
import { isId } from '../entities/new-id';
import { ProviderConfig } from '../entities/provider-config.entity';
import { openJson } from './sealed-json';

export interface ProviderSettings {
  /** A provider-backed endpoint type: `sms`, `call`, `email`, or a plugin's. */
  kind: string;
  /** The serving channel's `serves.provider.name`: `providerOne` (call, sms) or `smtp` (email). */
  provider: string;
  /**
   * Stored text, keys as the channel's config schema names them: booleans and numbers spelled
   * out (`secure: 'true'`), typed back before a send (`providerTarget`). call: `baseUrl?`; sms:
   * `senderNumber`, `baseUrl?`; email: `host`, `port` (digits), `username?`, `fromAddress`,
   * `secure?` (absent means "decide from the port"), `tls?` (`'starttls'` / `'implicit'` /
   * `'none'`; overrides `secure`).
   */
  settings: Record<string, string>;
  /** Decrypted, by the channel's secret fields: call and sms `apiToken`, email `password?`. Never log or return them. */
  secrets: Record<string, string>;
}

/**
 * One config ready for sending, secrets decrypted; `null` when the id names none (it may have been
 * deleted since the chain was read). Reads the database afresh, like `providerChainFor`.
 */
export async function loadProviderSettings(
  em: EntityManager,
  box: SecretBox,
  id: string,
): Promise<ProviderSettings | null> {
  if (!isId(id)) return null;
  const config = await em.findOne(ProviderConfig, { id }, { disableIdentityMap: true });
  if (!config) return null;
  return {
    kind: config.kind,
    provider: config.provider,
    settings: { ...config.settings },
    secrets: openJson(box, config.sealedSecrets),
  };
}
