import type { MikroORM } from '@mikro-orm/postgresql';
import {
  type EndpointType,
  isId,
  providerChainFor,
  queryRows,
  type FlowStep as StoredFlowStep,
} from '@oncall/core';
import { DIRECT_PROVIDER, type FlowStep, type ProviderChain } from '@oncall/workflows';
import type { EndpointRoute, NotificationRoutes } from '../ports/notification-routes';

const PROVIDER_KINDS: Partial<Record<EndpointType, 'sms' | 'call' | 'email'>> = {
  sms: 'sms',
  call: 'call',
  email: 'email',
};

/**
 * Routes over the database, read fresh at every dispatch: sms, call and email endpoints go through
 * their kind's default then backup provider config; messengers and webhooks talk to their service
 * directly; a flow endpoint has steps instead; a deleted endpoint goes nowhere.
 */
export function createNotificationRoutes(orm: MikroORM): NotificationRoutes {
  const chainForKind = async (kind: 'sms' | 'call' | 'email'): Promise<ProviderChain | null> => {
    const [first, ...rest] = await providerChainFor(orm.em.fork(), kind);
    return first === undefined ? null : [first, ...rest];
  };
  // Every notification is routed, so this is one plain-row query: the endpoint and, in the same
  // statement, its kind's default-then-backup chain (the order `providerChainFor` gives).
  const routeOf = async (endpointId: string): Promise<EndpointRoute | null> => {
    if (!isId(endpointId)) return null;
    const [row] = await queryRows<RouteRow>(
      orm.em.fork(),
      `select e.type, e.steps,
              coalesce((select json_agg(p.id order by p.is_default desc) from provider_configs p
                         where p.kind = e.type and (p.is_default or p.is_backup)), '[]') as chain
         from endpoints e where e.id = ?`,
      [endpointId],
    );
    if (row === undefined) return null;
    if (row.type === 'flow') return { kind: 'flow', steps: flowSteps(jsonOf(row.steps) ?? []) };
    const providerKind = PROVIDER_KINDS[row.type];
    if (providerKind === undefined) return { kind: 'deliver', chain: [DIRECT_PROVIDER] };
    const [first, ...rest] = jsonOf(row.chain) ?? [];
    return first === undefined
      ? { kind: 'unconfigured', providerKind }
      : { kind: 'deliver', chain: [first, ...rest] };
  };
  return {
    chainForKind,
    routeOf,
    async chainFor(endpointId) {
      const route = await routeOf(endpointId);
      return route?.kind === 'deliver' ? route.chain : null;
    },
  };
}

interface RouteRow {
  type: EndpointType;
  steps: StoredFlowStep[] | string | null;
  chain: string[] | string;
}

// JSON columns arrive parsed from node-postgres and as text from some drivers; accept both.
function jsonOf<T>(value: T | string | null): T | null {
  return typeof value === 'string' ? (JSON.parse(value) as T) : value;
}

function flowSteps(steps: readonly StoredFlowStep[]): FlowStep[] {
  return steps.flatMap((step): FlowStep[] => {
    if (step.type === 'wait') return [step];
    const [first, ...rest] = step.endpointIds;
    // Validation refuses empty endpoint steps; one that slipped through pages nobody.
    return first === undefined ? [] : [{ type: 'endpoint', endpointIds: [first, ...rest] }];
  });
}
