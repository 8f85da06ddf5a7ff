import type { EntityManager } from '@mikro-orm/core';
import { SystemSetting } from '../entities/system-setting.entity';
import { DomainError } from '../errors/domain-error';

/**
 * The system setting where an agent keeps the ids of the rows it holds as copies of its main's
 * (written by the zone follower with each copy); absent on a main.
 */
export const ZONE_SYNC_SETTING = 'zone-sync';

/** The kinds of rows an agent copies from its main, as the setting names them. */
export type CopiedKind = 'users' | 'teams' | 'endpoints' | 'providerConfigs';

/** A change of a row the agent holds as a copy of its main's: it belongs to the main. */
const managedByMain = (what: string) =>
  new DomainError(
    'managed_by_main',
    `${what} is copied from the main zone: change it there, and the next copy brings the change here.`,
  );

/**
 * Refuses a change of a row this agent copied from its main (`managed_by_main`, 409). The next
 * copy would overwrite the change, so it is refused instead of lost silently. Rows the agent made
 * itself, and every row on a main, may change.
 */
export async function assertNotCopied(
  em: EntityManager,
  kind: CopiedKind,
  id: string,
  what: string,
): Promise<void> {
  const setting = await em.findOne(SystemSetting, { key: ZONE_SYNC_SETTING });
  const ids: unknown = setting?.value?.ids;
  if (!ids || typeof ids !== 'object') return;
  const copied: unknown = (ids as Record<string, unknown>)[kind];
  if (Array.isArray(copied) && copied.includes(id)) throw managedByMain(what);
}
