import type { Actor } from '../auth/actor';
import type { Role } from '../entities/user.entity';
import { forbidden } from '../errors/domain-error';

/** Owner does everything; manager manages users but never owners; member manages only itself. */
export const userPolicy = {
  canListUsers: (actor: Actor) => actor.role === 'owner' || actor.role === 'manager',

  /** Creating, promoting to, or touching an owner account needs the owner role. */
  canManageRole: (actor: Actor, role: Role) =>
    actor.role === 'owner' || (actor.role === 'manager' && role !== 'owner'),

  canTransferOwnership: (actor: Actor) => actor.role === 'owner',
};

export function assertCanListUsers(actor: Actor): void {
  if (!userPolicy.canListUsers(actor)) throw forbidden();
}

/** Managing another account: the actor must out-rank or equal its target's and its new role. */
export function assertCanManageUser(actor: Actor, target: { role: Role }, newRole: Role = target.role): void {
  if (!userPolicy.canManageRole(actor, target.role) || !userPolicy.canManageRole(actor, newRole)) {
    throw forbidden();
  }
}
