import type { Actor, Core, LoginMeta } from '@oncall/core';
import type { Heartbeats } from '@oncall/heartbeats';
import { Schedules } from '@oncall/schedules';
import type { Zones } from '@oncall/zones';
import { GraphQLError } from 'graphql';
import { OnCallLoader } from './loaders/on-call-loader';
import { ReportLoaders } from './loaders/report-loaders';
import { UsableScheduleLoader } from './loaders/usable-schedule-loader';

/** What every resolver sees; built per request from the bearer token the transport read. */
export interface GraphqlContext {
  core: Core;
  /** Heartbeat rules' controls; made over `core` when the transport has none. */
  heartbeats?: Heartbeats | undefined;
  /** On-call schedules; made over `core` when the transport has none. */
  schedules?: Schedules | undefined;
  /** The zone registry; made over `core` when the transport has none. */
  zones?: Zones | undefined;
  meta: LoginMeta;
  /** The caller, resolved once per request; rejects with UNAUTHENTICATED when there is none. */
  actor(): Promise<Actor>;
  /** Batch loaders for nested report fields, for this request only (their caches die with it). */
  loaders: ReportLoaders;
  /** Who was on call at an episode's fire or an event, batched per request. */
  onCall: OnCallLoader;
  /** The schedules rules' targets name, those the caller may use, batched per request. */
  usableSchedules: UsableScheduleLoader;
}

export interface GraphqlContextOptions {
  core: Core;
  heartbeats?: Heartbeats | undefined;
  schedules?: Schedules | undefined;
  zones?: Zones | undefined;
  accessToken?: string;
  /** On an agent: the main's assertion of the caller of a forwarded operation (`X-Zone-Assertion`). */
  zoneAssertion?: string | undefined;
  ip?: string;
  userAgent?: string;
}

export function createGraphqlContext(options: GraphqlContextOptions): GraphqlContext {
  const { core, accessToken } = options;
  const schedules = () => options.schedules ?? Schedules.of(core);
  let actor: Promise<Actor> | undefined;
  const actorOf = () => {
    const { zones, zoneAssertion } = options;
    // On an agent, an operation its main forwarded acts as the user the main asserts.
    actor ??=
      zones && zoneAssertion
        ? zones.agent.assertedActor(zoneAssertion)
        : accessToken
          ? core.auth.authenticate(accessToken)
          : Promise.reject(new GraphQLError('Unauthenticated.', { extensions: { code: 'UNAUTHENTICATED' } }));
    return actor;
  };
  return {
    core,
    heartbeats: options.heartbeats,
    schedules: options.schedules,
    zones: options.zones,
    meta: { ip: options.ip, userAgent: options.userAgent },
    actor: actorOf,
    loaders: new ReportLoaders(core, actorOf),
    onCall: new OnCallLoader(schedules, actorOf),
    usableSchedules: new UsableScheduleLoader(schedules, actorOf),
  };
}
