import type { Urgency } from './flow/types';

/**
 * What a delivery carries: a reference, never a rendered body or a destination secret. The
 * `ChannelSender` port resolves it when it sends, so message text, OTP codes and bot tokens stay out
 * of Temporal histories and job payloads.
 *
 * @example
 * const page: Notification = { kind: 'alert', alertEventId: 'evt_1', endpointId: 'ep_sms' };
 * const code: Notification = { kind: 'otp', otpId: 'otp_1', channel: 'sms' };
 * const notice: Notification = { kind: 'notice', noticeId: 'ntc_1', endpointId: 'ep_chat' };
 */
export type Notification =
  | {
      /** A notification about one alert history record (fired, resolved, acknowledged). */
      readonly kind: 'alert';
      readonly alertEventId: string;
      readonly endpointId: string;
      /** Who a people step paged through this endpoint, and why; absent for an endpoint named directly. */
      readonly recipient?: Recipient;
      /**
       * A grouped message (docs/grouping.md): the instances it carries, ids only. The message is
       * `alertEventId`'s with their list.
       */
      readonly carried?: CarriedInstances;
    }
  | {
      /**
       * A notice that is not about an alert (a schedule's shift change) to one chat endpoint; its
       * text is stored with it and read when it is sent.
       */
      readonly kind: 'notice';
      readonly noticeId: string;
      readonly endpointId: string;
    }
  | {
      /** A one-time code for a destination that is not an endpoint yet (it is being verified). */
      readonly kind: 'otp';
      readonly otpId: string;
      readonly channel: OtpChannel;
    };

/**
 * An endpoint type whose channels carry one-time codes (`capabilities.otp` in the plugin registry,
 * which the core checks before queueing one), e.g. `sms`.
 */
export type OtpChannel = string;

/**
 * The person a people step paged and why, as the delivery log records it: on call in a schedule
 * (through a layer's rotation, or an override), named by the step, a member of its team, or one of
 * the admins of a schedule's team because nobody was on call.
 *
 * @example
 * const why: Recipient = { userId: 'usr_ana', via: 'schedule', scheduleId: 'sch_1', layerId: 'lay_1', rotationId: 'rot_1', flowEndpointId: 'ep_flow', stepIndex: 0 };
 */
export interface Recipient {
  readonly userId: string;
  readonly via: 'schedule' | 'user' | 'team' | 'teamAdmins';
  readonly scheduleId?: string;
  readonly layerId?: string;
  readonly rotationId?: string;
  readonly overrideId?: string;
  readonly teamId?: string;
  /**
   * The person's notification rule that paged this endpoint (its urgency and delay); absent when
   * they have no rules for the step's urgency and every endpoint of theirs was paged at once.
   */
  readonly rule?: { readonly urgency: Urgency; readonly delayMinutes: number };
  /** The flow and step that paged: a follow-up (resolve, acknowledge) to that flow reaches them too. */
  readonly flowEndpointId: string;
  readonly stepIndex: number;
}

/**
 * The instances one grouped message speaks for: openings and resolves gathered in a group interval,
 * or (a repeat) the instances still firing unacknowledged, whose event is then not named (null).
 *
 * @example const carried: CarriedInstances = { firing: [{ instanceId: 'i_2', alertEventId: 'evt_9' }], resolved: [] };
 */
export interface CarriedInstances {
  readonly firing: ReadonlyArray<{ readonly instanceId: string; readonly alertEventId: string | null }>;
  readonly resolved: ReadonlyArray<{ readonly instanceId: string; readonly alertEventId: string | null }>;
}
