import type { DeliveryShares } from './delivery/lane-slots';
import type { DeliveryAttemptRecord, ProviderChain } from './delivery/types';
import type { EndpointRoute } from './dispatch/types';
import type { PeopleStep } from './flow/types';
import type { Notification, OtpChannel, Recipient } from './notification';

/**
 * The outside world as orchestration sees it. Both drivers (Temporal activities and the embedded
 * jobs) call these; the composition root implements them over the database and the channel plugins.
 */

/** One attempt to send a notification through one provider config. */
export interface SendRequest {
  readonly notification: Notification;
  readonly providerConfigId: string;
  readonly attempt: number;
  /** Pass to the provider where it supports one, so a replayed attempt is not sent twice. */
  readonly idempotencyKey: string;
}

/**
 * Resolves the notification (endpoint, message, provider config) and sends it. Throws on failure,
 * preferably a `SendError` or any error with a `kind` of `transient`, `permanent` or `rateLimited`
 * (and `retryAfterMs` when rate limited); other errors count as transient.
 */
export interface ChannelSender {
  send(request: SendRequest): Promise<void>;
}

/** One attempt of one delivery, for the timeline and reporting. */
export interface LoggedAttempt {
  readonly notification: Notification;
  readonly record: DeliveryAttemptRecord;
}

/** Appends to the delivery log; must be idempotent by `record.idempotencyKey` (activities retry). */
export interface DeliveryLog {
  append(entry: LoggedAttempt): Promise<void>;
}

/**
 * Where a page every provider config failed is reported: the core records it and tells the rule's
 * owner through their other endpoints, once per page (the report is idempotent, so Temporal may
 * retry it).
 */
export interface UndeliverableReports {
  report(page: { readonly alertEventId: string; readonly endpointId: string }): Promise<void>;
}

/**
 * Where a notification goes, read when it is dispatched (provider configs and flows can change
 * while work waits in the queue).
 */
export interface DispatchRoutes {
  /** Default then backup provider config of a channel, for OTP sends; null when none is configured. */
  chainForKind(kind: OtpChannel): Promise<ProviderChain | null>;
  /** One read of the endpoint (and its provider configs); null when the endpoint is gone. */
  routeOf(endpointId: string): Promise<EndpointRoute | null>;
  /**
   * Who hears of an alert event sent to a flow endpoint instead of the flow running. Null when the
   * event pages (fired, refired, status, triggered, test, or an event not found): the flow runs.
   * For a follow-up (resolved, auto_resolved, acknowledged): the flow's step endpoints that were
   * delivered a page of the event's episode (an acknowledge's: of the episodes it acknowledged),
   * in id order; empty when nobody was paged yet.
   */
  followUpTargets(alertEventId: string, flowEndpointId: string): Promise<string[] | null>;
}

/**
 * Whom a send counts against in its lane (`LaneSlots`), read when it runs: null for a page (sms,
 * call, an OTP), which no share bounds, and for an endpoint or alert event that is gone.
 */
export interface DeliverySharesReader {
  sharesOf(notification: Notification): Promise<DeliveryShares | null>;
}

/**
 * The provider chain of an endpoint at dispatch time (provider configs can change while a flow
 * waits): default then backup config for sms/call/email, `[DIRECT_PROVIDER]` for messengers, and
 * `null` for an endpoint that cannot be delivered to (deleted, itself a flow, or without a provider
 * config), which is skipped. Only flows started before their steps were routed by `decideDispatch`
 * still ask (the `resolveProviderChains` activity).
 */
export interface ProviderChainResolver {
  chainFor(endpointId: string): Promise<ProviderChain | null>;
}

export interface ResolveInstanceRequest {
  readonly ruleId: string;
  /** The instance's key within its rule (its fingerprint). */
  readonly instance: string;
  readonly description: string;
  /**
   * Epoch milliseconds of the fire the deadline was counted from. An instance seen after it was
   * fired again (a re-arm still on its way, a replayed start) and must not be resolved.
   */
  readonly lastFiredAt: number;
}

/**
 * Resolves one firing instance of an `api` rule with auto-resolve on, unless it fired after
 * `lastFiredAt`; must do nothing when it is no longer firing (activities retry).
 */
export interface InstanceResolver {
  resolve(request: ResolveInstanceRequest): Promise<void>;
}

/** One endpoint of one person a people step pages, and why that person. */
export interface PersonPage {
  readonly endpointId: string;
  readonly recipient: Omit<Recipient, 'flowEndpointId' | 'stepIndex'>;
}

/**
 * Whom a people step pages at an instant: the people it names then (a schedule's on-call answer,
 * read through the one resolver; a user; a team's people), each through their own endpoints (their
 * contact methods). Empty when nobody can be paged (an empty schedule without the admins fallback,
 * a deleted schedule, people without endpoints).
 */
export interface OnCallPeople {
  /** `turn` names the alert and step a round-robin step picks one person for, once. */
  pagesAt(step: PeopleStep, atMs: number, turn: RoundRobinTurn): Promise<PersonPage[]>;
}

/** Which alert a people step pages for: a round-robin step keeps one pick per alert and step. */
export interface RoundRobinTurn {
  readonly alertEventId: string;
  readonly flowEndpointId: string;
  readonly stepIndex: number;
}
