import type { RetryPolicy } from '../delivery/retry-policy';
import type { PeopleStep } from '../flow/types';
import type { DispatchRoutes, OnCallPeople } from '../ports';
import { decideDispatch } from './decide';
import { readDispatchFacts } from './read-facts';
import type { FlowStepCommand, FlowStepDispatch } from './types';

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
 * A page a person's notification rule holds back: the driver keeps it in a durable timer and, when
 * `delayMs` has passed and the alert event's escalations were not stopped (acknowledged, resolved),
 * routes it as an endpoint step's (`decideDispatch`), reading the endpoint's route then.
 */
export interface DelayedPage {
  readonly delayMs: number;
  readonly dispatch: FlowStepDispatch;
}

/** What a people step pages: routed now, and held back by the people's notification rules. */
export interface PeopleStepRoute {
  readonly now: FlowStepCommand[];
  readonly later: DelayedPage[];
}

const MINUTE = 60_000;

/**
 * Routes a people step, the same way on both drivers: who it names at `atMs`, then each of their
 * pages, carrying the person, why and the notification rule to the delivery log. A page without a
 * delay is routed now as an endpoint step's (`decideDispatch`); a delayed one is handed back for
 * the driver's timer. A person on call twice (two layers, an override) is paged once per endpoint,
 * at its earliest rule.
 *
 * @example
 * const { now, later } = await routePeopleStep({ alertEventId, flowEndpointId, step: { type: 'user', userId }, stepIndex: 0, policy, atMs: Date.now() }, people, routes);
 */
export async function routePeopleStep(
  request: PeopleStepRequest,
  people: OnCallPeople,
  routes: DispatchRoutes,
): Promise<PeopleStepRoute> {
  const { alertEventId, flowEndpointId, stepIndex, round, policy } = request;
  const pages = await people.pagesAt(request.step, request.atMs, { alertEventId, flowEndpointId, stepIndex });
  const delayOf = (page: (typeof pages)[number]) => (page.recipient.rule?.delayMinutes ?? 0) * MINUTE;
  const seen = new Set<string>();
  const unique = [...pages]
    .sort((a, b) => delayOf(a) - delayOf(b))
    .filter((page) => !seen.has(page.endpointId) && seen.add(page.endpointId));
  const dispatches = unique.map((page) => ({
    delayMs: delayOf(page),
    dispatch: {
      type: 'flowStep',
      alertEventId,
      endpointId: page.endpointId,
      stepIndex,
      round,
      policy,
      recipient: { ...page.recipient, flowEndpointId, stepIndex },
    } satisfies FlowStepDispatch,
  }));
  return {
    now: await Promise.all(
      dispatches
        .filter((page) => page.delayMs === 0)
        .map(async ({ dispatch }) => decideDispatch(await readDispatchFacts(dispatch, routes))),
    ),
    later: dispatches.filter((page) => page.delayMs > 0),
  };
}
