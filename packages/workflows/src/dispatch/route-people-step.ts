import type { RetryPolicy } from '../delivery/retry-policy';
import type { PeopleStep } from '../flow/types';
import type { DispatchRoutes, OnCallPeople } from '../ports';
import { decideDispatch } from './decide';
import { readDispatchFacts } from './read-facts';
import type { FlowStepCommand } from './types';

/** A people step of a flow, to page at `atMs` (the moment the step runs, by the driver's clock). */
export interface PeopleStepRequest {
  readonly alertEventId: string;
  readonly flowEndpointId: string;
  readonly step: PeopleStep;
  readonly stepIndex: number;
  /** The repeat the step runs in (absent in the first): keys its deliveries apart from earlier rounds'. */
  readonly round?: number;
  readonly policy: RetryPolicy;
  readonly atMs: number;
}

/**
 * Routes a people step, the same way on both drivers: who it names at `atMs`, then each of their
 * endpoints as an endpoint step's (`decideDispatch`), carrying the person and why to the delivery
 * log. A person on call twice (two layers, an override) is paged once per endpoint.
 *
 * @example
 * const commands = await routePeopleStep({ alertEventId, flowEndpointId, step: { type: 'user', userId }, stepIndex: 0, policy, atMs: Date.now() }, people, routes);
 */
export async function routePeopleStep(
  request: PeopleStepRequest,
  people: OnCallPeople,
  routes: DispatchRoutes,
): Promise<FlowStepCommand[]> {
  const { alertEventId, flowEndpointId, stepIndex, round, policy } = request;
  const pages = await people.pagesAt(request.step, request.atMs, { alertEventId, flowEndpointId, stepIndex });
  const seen = new Set<string>();
  const unique = pages.filter((page) => !seen.has(page.endpointId) && seen.add(page.endpointId));
  return Promise.all(
    unique.map(async ({ endpointId, recipient }) => {
      const dispatch = {
        type: 'flowStep',
        alertEventId,
        endpointId,
        stepIndex,
        round,
        policy,
        recipient: { ...recipient, flowEndpointId, stepIndex },
      } as const;
      return decideDispatch(await readDispatchFacts(dispatch, routes));
    }),
  );
}
