import type { FilterQuery } from '@mikro-orm/core';
import type { Actor } from '../auth/actor';
import type { Endpoint } from '../entities/endpoint.entity';
import { forbidden } from '../errors/domain-error';

/**
 * Owner and manager roles see and manage every endpoint. Anyone else sees the endpoints it owns,
 * those shared with it, and those shared with a team it belongs to; it manages (updates, deletes,
 * hands over) only those it owns.
 */
export const endpointPolicy = {
  seesEverything: (actor: Actor) => actor.role === 'owner' || actor.role === 'manager',

  /** Also who reads a secret destination (a webhook URL) unmasked: those it is shared with do not. */
  canManage: (actor: Actor, endpoint: { ownerId: string }) =>
    endpointPolicy.seesEverything(actor) || endpoint.ownerId === actor.userId,
};

/** The endpoints the actor may see, as a query condition; the `$some` operators never duplicate rows. */
export function visibleEndpoints(actor: Actor): FilterQuery<Endpoint> {
  if (endpointPolicy.seesEverything(actor)) return {};
  return {
    $or: [
      { owner: actor.userId },
      { accessUsers: { $some: { id: actor.userId } } },
      { accessTeams: { $some: { members: { $some: { id: actor.userId } } } } },
    ],
  };
}

export function assertCanManageEndpoint(actor: Actor, endpoint: { ownerId: string }): void {
  if (!endpointPolicy.canManage(actor, endpoint)) throw forbidden();
}
