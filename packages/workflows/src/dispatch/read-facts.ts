import type { DispatchRoutes } from '../ports';
import type { DispatchFacts, DispatchRequest, FlowStepDispatch, FlowStepFacts } from './types';

/**
 * Reads what `decideDispatch` needs for a request, when the request runs (provider configs and
 * flows can change while it waits): an OTP's chain; an endpoint's route, and for a flow endpoint
 * whether the event is a follow-up.
 */
export async function readDispatchFacts(
  request: FlowStepDispatch,
  routes: DispatchRoutes,
): Promise<FlowStepFacts>;
export async function readDispatchFacts(
  request: DispatchRequest,
  routes: DispatchRoutes,
): Promise<DispatchFacts>;
export async function readDispatchFacts(
  request: DispatchRequest,
  routes: DispatchRoutes,
): Promise<DispatchFacts> {
  switch (request.type) {
    case 'otp':
      return { ...request, chain: await routes.chainForKind(request.channel) };
    case 'notify': {
      const route = await routes.routeOf(request.endpointId);
      const followUp =
        route?.kind === 'flow'
          ? await routes.followUpTargets(request.alertEventId, request.endpointId)
          : null;
      return { ...request, route, followUp };
    }
    case 'notice':
    case 'flowStep':
      return { ...request, route: await routes.routeOf(request.endpointId) };
  }
}
