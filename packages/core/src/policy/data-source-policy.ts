import type { Actor } from '../auth/actor';
import { forbidden } from '../errors/domain-error';

/**
 * Data sources hold credentials to monitoring systems and the ingestion tokens of webhooks, so only
 * the owner and manager roles see or change them. Members creating rules pick from a short list
 * (id, name, type) that carries neither URLs nor secrets.
 */
export function assertCanManageDataSources(actor: Actor): void {
  if (actor.role !== 'owner' && actor.role !== 'manager') throw forbidden();
}
