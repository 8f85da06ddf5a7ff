import type { MikroORM } from '@mikro-orm/core';
import type {
  DeliveryLane,
  DeliveryShares,
  EndpointRoute,
  FlowStep,
  Notification,
  ProviderChain,
} from '@oncall/workflows';
import { createLoadingCache, HOT_PATH_KEEP_WARM_MS } from '../caching/loading-cache';
import type { FlowStep as StoredFlowStep } from '../entities/endpoint.entity';
import { isId } from '../entities/new-id';
import { createGroupedReader } from '../persistence/grouped-reader';
import { queryRows } from '../persistence/query-rows';
import type { PluginRegistry } from '../plugins/plugin-registry';
import { providerChainFor } from '../provider-configs/provider-chain';
import { DIRECT_PROVIDER } from './direct-provider';
import { freshEventFactsOf } from './fresh-event-facts';

/** The routes as stored; it implements the engine's `NotificationRoutes` port. */
export interface NotificationRouteReader {
  chainForKind(kind: string): Promise<ProviderChain | null>;
  routeOf(endpointId: string): Promise<EndpointRoute | null>;
  followUpTargets(alertEventId: string, flowEndpointId: string): Promise<string[] | null>;
  chainFor(endpointId: string): Promise<ProviderChain | null>;
  /** Null for a page (no share bounds it) and for an endpoint or alert event that is gone. */
  sharesOf(notification: Notification): Promise<DeliveryShares | null>;
}

/** The lane of an endpoint type no loaded channel serves: its sends fail when they find no channel. */
const UNSERVED_LANE: DeliveryLane = 'chat';

export interface NotificationRoutesOptions {
  /** The loaded channels: which endpoint types are provider-backed, and the lane of each. */
  readonly plugins: PluginRegistry;
  /**
   * How long an endpoint's route (its type, flow steps, or its kind's provider chain), once read, is
   * reused: a change reaches dispatches within it. Default 2 s; 0 reads at every dispatch.
   */
  readonly routeTtlMs?: number;
}

const DEFAULT_ROUTE_TTL_MS = 2_000;
/** Keys one grouped read takes at most. */
const GROUPED_READ_MAX = 500;

/**
 * Routes over the database, reused for `routeTtlMs`: endpoints of a provider-backed type (its
 * channels declare `serves.provider`: sms, call, email) go through their kind's default then backup
 * provider config; the others (messengers, webhooks) talk to their service directly; each in its
 * channels' lane. A flow endpoint has steps instead (and a follow-up sent to it goes to the step
 * endpoints its episode paged); a rule's schedule target is a one-step flow paging the schedule; a
 * deleted endpoint goes nowhere.
 */
export function createNotificationRoutes(
  orm: MikroORM,
  options: NotificationRoutesOptions,
): NotificationRouteReader {
  const { plugins } = options;
  const chainForKind = async (kind: string): Promise<ProviderChain | null> => {
    // Provider configs exist for the provider-backed kinds only.
    if (!plugins.providerKinds.includes(kind)) return null;
    const [first, ...rest] = await providerChainFor(orm.em.fork(), kind);
    return first === undefined ? null : [first, ...rest];
  };
  // Every notification is routed, so this is one plain-row query: the endpoint and, in the same
  // statement, its kind's default-then-backup chain (the order `providerChainFor` gives). Endpoints
  // asked while a read is in flight are read together (a lane draining a storm routes hundreds a second).
  const readRouteRows = createGroupedReader<RouteRow & { id: string }>(async (ids) => {
    const rows = await queryRows<RouteRow & { id: string }>(
      orm.em.fork(),
      `select e.id, e.type, e.steps, e.owner_id,
              coalesce((select json_agg(p.id order by p.is_default desc) from provider_configs p
                         where p.kind = e.type and (p.is_default or p.is_backup)), '[]') as chain
         from endpoints e where e.id in (?)`,
      [ids],
    );
    return new Map(rows.map((row) => [row.id, row]));
  }, GROUPED_READ_MAX);
  const readRoute = async (endpointId: string): Promise<EndpointRoute | null> => {
    if (!isId(endpointId)) return null;
    const row = await readRouteRows(endpointId);
    if (row === null) return scheduleTargetRoute(endpointId);
    if (row.type === 'flow') return { kind: 'flow', steps: flowSteps(jsonOf(row.steps) ?? []) };
    const lane = plugins.laneOf(row.type) ?? UNSERVED_LANE;
    if (!plugins.providerKinds.includes(row.type)) {
      return { kind: 'deliver', chain: [DIRECT_PROVIDER], lane, ownerId: row.owner_id };
    }
    const providerKind = row.type;
    const [first, ...rest] = jsonOf(row.chain) ?? [];
    return first === undefined
      ? { kind: 'unconfigured', providerKind }
      : { kind: 'deliver', chain: [first, ...rest], lane, ownerId: row.owner_id };
  };
  // A rule's schedule target (the schedules module's table, read by id only so the core need not
  // depend on it) pages as a flow whose one step is the schedule: round-robin turns, follow-ups and
  // both drivers then serve it as they serve a flow endpoint.
  const scheduleTargetRoute = async (targetId: string): Promise<EndpointRoute | null> => {
    const [target] = await queryRows<ScheduleTargetRow>(
      orm.em.fork(),
      `select schedule_id, if_nobody_on_call, urgency, round_robin
         from alert_rule_schedule_targets where id = ?`,
      [targetId],
    );
    if (target === undefined) return null;
    const step: FlowStep = {
      type: 'schedule',
      scheduleId: target.schedule_id,
      ifNobodyOnCall: target.if_nobody_on_call === 'teamAdmins' ? 'teamAdmins' : 'nextStep',
      urgency: target.urgency === 'high' ? 'high' : 'default',
      ...(target.round_robin ? { roundRobin: true } : {}),
    };
    return { kind: 'flow', steps: [step] };
  };
  const routeOf = createLoadingCache({
    load: readRoute,
    ttlMs: options.routeTtlMs ?? DEFAULT_ROUTE_TTL_MS,
    now: () => performance.now(),
    keepWarmMs: HOT_PATH_KEEP_WARM_MS,
  });
  // The rule an event belongs to never changes; its owner may (a transfer), reread after the TTL.
  // Each delivery of a slow lane asks it (its shares), so concurrent asks are read together.
  const readRuleOwners = createGroupedReader<RuleOwnerRow>(async (alertEventIds) => {
    const rows = await queryRows<RuleOwnerRow & { id: string }>(
      orm.em.fork(),
      `select e.id, r.id as rule_id, r.owner_id from alert_events e join alert_rules r on r.id = e.rule_id
        where e.id in (?)`,
      [alertEventIds],
    );
    return new Map(rows.map(({ id, rule_id, owner_id }) => [id, { rule_id, owner_id }]));
  }, GROUPED_READ_MAX);
  const ruleOfEvent = createLoadingCache({
    load: async (alertEventId: string): Promise<RuleOwnerRow | null> =>
      isId(alertEventId) ? readRuleOwners(alertEventId) : null,
    ttlMs: options.routeTtlMs ?? DEFAULT_ROUTE_TTL_MS,
    now: () => performance.now(),
  });
  // An opening this process just recorded names its rule: only the owner is read, once per rule
  // and TTL, where a new event would take a read of its own on every send.
  const fresh = freshEventFactsOf(orm);
  const readOwners = createGroupedReader<string>(async (ruleIds) => {
    const rows = await queryRows<{ id: string; owner_id: string }>(
      orm.em.fork(),
      'select id, owner_id from alert_rules where id in (?)',
      [ruleIds],
    );
    return new Map(rows.map((row) => [row.id, row.owner_id]));
  }, GROUPED_READ_MAX);
  const ownerOfRule = createLoadingCache({
    load: async (ruleId: string): Promise<string | null> => (isId(ruleId) ? readOwners(ruleId) : null),
    ttlMs: options.routeTtlMs ?? DEFAULT_ROUTE_TTL_MS,
    now: () => performance.now(),
    keepWarmMs: HOT_PATH_KEEP_WARM_MS,
  });
  const ruleOf = async (alertEventId: string): Promise<RuleOwnerRow | null> => {
    const recorded = fresh.recall(alertEventId);
    if (recorded === undefined) return ruleOfEvent(alertEventId);
    const ownerId = await ownerOfRule(recorded.rule_id);
    return ownerId === null ? null : { rule_id: recorded.rule_id, owner_id: ownerId };
  };
  const sharesOf = async (notification: Notification): Promise<DeliveryShares | null> => {
    if (notification.kind !== 'alert') return null;
    const route = await routeOf(notification.endpointId);
    if (route?.kind !== 'deliver' || route.lane === 'page') return null;
    const rule = await ruleOf(notification.alertEventId);
    if (rule === null) return null;
    return {
      lane: route.lane,
      endpointOwnerId: route.ownerId,
      ruleId: rule.rule_id,
      ruleOwnerId: rule.owner_id,
    };
  };
  // A follow-up's episodes: a resolve's own; an acknowledge (a rule event without one) marked each
  // instance it acknowledged with its own timestamp, under the rule's lock. An instance a group flow
  // carried was paged by that flow's messages (their `carried` names its opening event).
  const followUpTargets = async (alertEventId: string, flowEndpointId: string): Promise<string[] | null> => {
    if (!isId(alertEventId) || !isId(flowEndpointId)) return null;
    const [row] = await queryRows<FollowUpRow>(
      orm.em.fork(),
      `with event as (
         select id, kind, rule_id, episode_id, created_at from alert_events where id = ?
       ), episodes as (
         select episode_id as id from event where episode_id is not null
         union
         select i.episode_id from event e
           join alert_instances i on i.rule_id = e.rule_id and i.acknowledged_at = e.created_at
          where e.kind = 'acknowledged'
       ), paged_events as (
         select p.id::text as id from alert_events p
           join event e on p.rule_id = e.rule_id
          where p.episode_id in (select id from episodes)
       ), step_endpoints as (
         select step_endpoint.id from endpoints f
           cross join lateral jsonb_array_elements(f.steps) step
           cross join lateral jsonb_array_elements_text(step -> 'endpointIds') step_endpoint(id)
          where f.id = ?
       )
       select case when e.kind in ('resolved', 'auto_resolved', 'acknowledged') then
                coalesce((select json_agg(distinct d.endpoint_id order by d.endpoint_id)
                            from delivery_attempts d
                           where (d.alert_event_id in (select id from paged_events)
                                  or (d.carried is not null and d.endpoint_id in (select id from step_endpoints)
                                      and exists (select 1 from jsonb_array_elements(d.carried -> 'firing') c
                                                   where c ->> 'alertEventId' in (select id from paged_events))))
                             and (d.endpoint_id in (select id from step_endpoints)
                                  or d.recipient ->> 'flowEndpointId' = ?)
                             and d.outcome = 'delivered'), '[]')
              end as targets
         from event e`,
      [alertEventId, flowEndpointId, flowEndpointId],
    );
    if (row === undefined || row.targets === null) return null;
    return jsonOf(row.targets) ?? [];
  };
  return {
    chainForKind,
    routeOf,
    followUpTargets,
    sharesOf,
    async chainFor(endpointId) {
      const route = await routeOf(endpointId);
      return route?.kind === 'deliver' ? route.chain : null;
    },
  };
}

interface RouteRow {
  type: string;
  owner_id: string;
  steps: StoredFlowStep[] | string | null;
  chain: string[] | string;
}

interface ScheduleTargetRow {
  schedule_id: string;
  if_nobody_on_call: string;
  urgency: string;
  round_robin: boolean;
}

interface RuleOwnerRow {
  rule_id: string;
  owner_id: string;
}

interface FollowUpRow {
  targets: string[] | string | null;
}

// JSON columns arrive parsed from node-postgres and as text from some drivers; accept both.
function jsonOf<T>(value: T | string | null): T | null {
  return typeof value === 'string' ? (JSON.parse(value) as T) : value;
}

function flowSteps(steps: readonly StoredFlowStep[]): FlowStep[] {
  return steps.flatMap((step): FlowStep[] => {
    if (step.type !== 'endpoint') return [step];
    const [first, ...rest] = step.endpointIds;
    // Validation refuses empty endpoint steps; one that slipped through pages nobody.
    return first === undefined ? [] : [{ type: 'endpoint', endpointIds: [first, ...rest] }];
  });
}
