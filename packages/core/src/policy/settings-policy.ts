import type { Actor } from '../auth/actor';
import { forbidden } from '../errors/domain-error';

/**
 * Provider configs, messenger proxies and the cluster configuration act on the whole instance (and
 * hold its vendor credentials): owner and manager roles only.
 */
export function assertCanManageSettings(actor: Actor): void {
  if (actor.role !== 'owner' && actor.role !== 'manager') throw forbidden();
}
