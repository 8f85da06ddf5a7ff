import { type EntityManager, LockMode } from '@mikro-orm/core';
import type { Actor } from '../auth/actor';
import { Endpoint, type FlowStep } from '../entities/endpoint.entity';
import { isId } from '../entities/new-id';
import { type FieldErrors, validationFailed } from '../errors/domain-error';
import { visibleEndpoints } from '../policy/endpoint-policy';

/**
 * Every endpoint a flow pages must exist, be visible to whoever writes the flow, and not be a
 * flow itself (flows do not nest). Reported at `steps.<step>.endpointIds.<n>`; an endpoint the
 * actor cannot see gets the same message as a missing one, so ids cannot be probed. Runs inside
 * the transaction that writes the flow.
 */
export async function assertUsableFlowSteps(
  em: EntityManager,
  actor: Actor,
  steps: readonly FlowStep[],
): Promise<void> {
  const wanted = [
    ...new Set(steps.flatMap((step) => (step.type === 'endpoint' ? step.endpointIds : [])).filter(isId)),
  ];
  const found =
    wanted.length === 0
      ? []
      : await em.find(
          Endpoint,
          { $and: [{ id: { $in: wanted } }, visibleEndpoints(actor)] },
          // Held until the flow commits, so none of its endpoints can be deleted under it.
          { fields: ['type'], lockMode: LockMode.PESSIMISTIC_READ },
        );
  const typeById = new Map(found.map((endpoint) => [endpoint.id, endpoint.type]));
  const errors: FieldErrors = {};
  steps.forEach((step, stepIndex) => {
    if (step.type !== 'endpoint') return;
    step.endpointIds.forEach((id, index) => {
      const type = typeById.get(id);
      const path = `steps.${stepIndex}.endpointIds.${index}`;
      if (type === undefined) errors[path] = ['The selected endpoint is invalid.'];
      else if (type === 'flow') errors[path] = ['A flow cannot include another flow endpoint.'];
    });
  });
  if (Object.keys(errors).length > 0) throw validationFailed(errors);
}
