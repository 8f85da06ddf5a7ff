import type { DeliveryLane } from '../delivery/lane';
import type { RetryPolicy } from '../delivery/retry-policy';
import type { DeliveryInput, ProviderChain } from '../delivery/types';
import type { FlowInput, FlowStep } from '../flow/types';
import type { OtpChannel, Recipient } from '../notification';

/**
 * How an endpoint is notified: a flow runs its steps, any other endpoint gets a delivery through
 * its chain, in its lane, counted against its owner's share of that lane; an sms, call or email
 * endpoint while no provider config of its kind exists cannot be.
 */
export type EndpointRoute =
  | { readonly kind: 'flow'; readonly steps: readonly FlowStep[] }
  | {
      readonly kind: 'deliver';
      readonly chain: ProviderChain;
      readonly lane: DeliveryLane;
      readonly ownerId: string;
    }
  | { readonly kind: 'unconfigured'; readonly providerKind: OtpChannel };

/** A one-time code to send through its channel's provider configs. */
export interface OtpDispatch {
  readonly type: 'otp';
  readonly otpId: string;
  readonly channel: OtpChannel;
  readonly policy: RetryPolicy;
}

/** The core's `notify` of an endpoint about an alert event; `policy` is for the delivery or flow it starts. */
export interface NotifyDispatch {
  readonly type: 'notify';
  readonly alertEventId: string;
  readonly endpointId: string;
  readonly policy: RetryPolicy;
}

/** A notice (not about an alert) to one endpoint; it pages no flow and has no follow-ups. */
export interface NoticeDispatch {
  readonly type: 'notice';
  readonly noticeId: string;
  readonly endpointId: string;
  readonly policy: RetryPolicy;
}

/**
 * One endpoint of a flow's endpoint step; `policy` is the one the flow was started with, `round` the
 * repeat it belongs to (absent in the first).
 */
export interface FlowStepDispatch {
  readonly type: 'flowStep';
  readonly alertEventId: string;
  readonly endpointId: string;
  readonly stepIndex: number;
  readonly round?: number;
  readonly policy: RetryPolicy;
  /** Set when a people step pages this endpoint: the person and why, for the delivery log. */
  readonly recipient?: Recipient;
}

/** Work to route: what the core asked for, or what a flow step asks for. */
export type DispatchRequest = OtpDispatch | NotifyDispatch | NoticeDispatch | FlowStepDispatch;

/** A request with what was read for it when it ran (see `readDispatchFacts`). */
export type OtpFacts = OtpDispatch & { readonly chain: ProviderChain | null };
export type NotifyFacts = NotifyDispatch & {
  readonly route: EndpointRoute | null;
  /** Read only for a flow endpoint: null while the event pages (the flow runs). */
  readonly followUp: readonly string[] | null;
};
export type FlowStepFacts = FlowStepDispatch & { readonly route: EndpointRoute | null };
export type NoticeFacts = NoticeDispatch & { readonly route: EndpointRoute | null };
export type DispatchFacts = OtpFacts | NotifyFacts | NoticeFacts | FlowStepFacts;

/**
 * What a driver does with a routed request.
 *
 * @example
 * const page: DispatchCommand = { type: 'deliver', key: 'notify:evt_1:ep_sms', input, lane: 'page', ownerId: 'usr_1' };
 * const missing: DispatchCommand = { type: 'fail', unconfigured: 'sms', target: 'ep_sms' };
 */
export type DispatchCommand =
  /**
   * Start a delivery under `key` (its business key: a job or workflow id) on `lane`'s capacity,
   * counted against `ownerId`'s share of it when there is one (OTPs belong to nobody yet).
   */
  | {
      readonly type: 'deliver';
      readonly key: string;
      readonly input: DeliveryInput;
      readonly lane: DeliveryLane;
      readonly ownerId?: string;
    }
  /** Start the flow under `key`. */
  | { readonly type: 'startFlow'; readonly key: string; readonly input: FlowInput }
  /** Notify each endpoint about the event, as a direct notify under `key`. */
  | {
      readonly type: 'notifyEach';
      readonly alertEventId: string;
      readonly targets: ReadonlyArray<{ readonly endpointId: string; readonly key: string }>;
    }
  /**
   * No provider config of the `unconfigured` kind exists: fail visibly and retry (an admin may be
   * adding one); never drop the page.
   */
  | { readonly type: 'fail'; readonly unconfigured: OtpChannel; readonly target: string }
  /** Nobody to notify: the endpoint is gone (or, in a flow step, is itself a flow). */
  | { readonly type: 'drop' };

/** What a flow step can come to: it never starts a flow or notifies on. */
export type FlowStepCommand = Extract<DispatchCommand, { type: 'deliver' | 'fail' | 'drop' }>;
