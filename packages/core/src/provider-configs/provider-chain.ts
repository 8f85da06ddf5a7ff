import type { EntityManager } from '@mikro-orm/core';
import { ProviderConfig } from '../entities/provider-config.entity';

/**
 * The configs the delivery engine tries for a kind, in order: the default, then the backup. Empty
 * when neither is set. Reads the database afresh (not the manager's identity map), so a caller may
 * pass a long-lived or transactional manager.
 */
export async function providerChainFor(em: EntityManager, kind: string): Promise<string[]> {
  const configs = await em.find(
    ProviderConfig,
    { kind, $or: [{ isDefault: true }, { isBackup: true }] },
    { orderBy: { isDefault: 'desc' }, disableIdentityMap: true },
  );
  return configs.map((config) => config.id);
}
