import type { Actor } from '../auth/actor';
import { forbidden } from '../errors/domain-error';

/** Owner and manager roles manage every team; a team's own owner manages that team. */
export function assertCanCreateTeam(actor: Actor): void {
  if (actor.role !== 'owner' && actor.role !== 'manager') throw forbidden();
}

export function assertCanManageTeam(actor: Actor, team: { ownerId: string }): void {
  if (actor.role === 'owner' || actor.role === 'manager') return;
  if (team.ownerId !== actor.userId) throw forbidden();
}
