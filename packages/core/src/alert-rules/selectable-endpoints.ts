import type { EntityManager } from '@mikro-orm/core';
import type { Actor } from '../auth/actor';
import { Endpoint } from '../entities/endpoint.entity';
import { visibleEndpoints } from '../policy/endpoint-policy';
import type { RuleEndpointRef } from './alert-rule-view';

/**
 * Endpoints the caller may attach to rules: every endpoint it can see (the endpoint policy's rule),
 * or, on a rule it does not administer, only those it owns.
 */
export async function selectableEndpoints(
  em: EntityManager,
  actor: Actor,
  ownOnly = false,
): Promise<RuleEndpointRef[]> {
  const endpoints = await em.find(Endpoint, ownOnly ? { owner: actor.userId } : visibleEndpoints(actor), {
    fields: ['id', 'name', 'type'],
    orderBy: { name: 'asc', id: 'asc' },
  });
  return endpoints.map((e) => ({ id: e.id, name: e.name, type: e.type }));
}
