import type { Actor } from '../auth/actor';
import { forbidden } from '../errors/domain-error';

/**
 * The status page is one for the whole instance: the owner and manager roles arrange its groups
 * (as the original product allowed), everyone signed in reads the cards, each counting the rules
 * its reader sees.
 */
export function assertCanManageStatusGroups(actor: Actor): void {
  if (actor.role !== 'owner' && actor.role !== 'manager') throw forbidden();
}
