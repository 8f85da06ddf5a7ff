import { type Actor, type EndpointView, endpointPolicy } from '@oncall/core';

/** An endpoint read with `hasActionAccess`: whether the reader may edit and delete it, as the original web UI reads it. */
export function withActionAccess(
  actor: Actor,
  view: EndpointView,
): EndpointView & { hasActionAccess: boolean } {
  return { ...view, hasActionAccess: endpointPolicy.canManage(actor, { ownerId: view.userId }) };
}
