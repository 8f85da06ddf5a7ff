import type { EscalationStopReason } from '@oncall/core';
import type { DeliveryInput, FlowInput, FlowStepDispatch, OtpChannel } from '@oncall/workflows';
import type { GroupMessage } from '../driver/grouped-dispatch';

/**
 * Job payloads, plain JSON. They carry references and decider state, never message text, codes
 * or tokens: the channel sender resolves those at send time.
 */

/** Work the core asked for, routed when it runs. */
export type DispatchJob = (
  | {
      readonly type: 'notify';
      readonly alertEventId: string;
      readonly endpointId: string;
      /**
       * Its flow endpoint's group window already decided it pages on its own (`grouped-dispatch.ts`):
       * the flow starts (or the follow-up goes) as without grouping, not through the window again.
       */
      readonly decided?: true;
    }
  | { readonly type: 'otp'; readonly otpId: string; readonly channel: OtpChannel }
  | { readonly type: 'notice'; readonly noticeId: string; readonly endpointId: string }
  | GroupMessageJob
) & {
  /**
   * The process that queued it runs it right after commit (`direct-dispatch.ts`); the job is its
   * delayed backstop. A worker that runs it took over from a process that may have sent already,
   * so it reads the delivery log before sending, as on a replay.
   */
  readonly direct?: true;
  /**
   * The process that queued a `direct` job (`JobQueue.processId`): when it is no longer alive, a
   * live process makes the job runnable at once instead of at the lease's end.
   */
  readonly owner?: string;
};

/** A delivery resumed by its backoff timer, or started by a flow step. */
export interface DeliveryJob {
  readonly input: DeliveryInput;
  /** Absent: the delivery starts; present: the backoff timer with this id fired. */
  readonly timerId?: string;
  /**
   * The attempt in flight was deferred (`SendDeferred`: paced, or the vendor's `429`) this many
   * times: the job sends it again, with the same idempotency key, instead of starting.
   */
  readonly deferrals?: number;
  /**
   * Queued by a replayed dispatch, which may have run this delivery itself before it stopped (a
   * direct dispatch runs a slow-lane send when its shares have room): read the log before sending.
   */
  readonly replay?: true;
}

/** A flow resumed after a wait step. */
export interface FlowJob {
  readonly input: FlowInput;
  readonly timerId: string;
}

/**
 * A page a person's notification rule held back (`DelayedPage`), on the flow queue like a wait: it
 * survives restarts the same way, and pages unless the alert event's escalations stopped meanwhile.
 */
export interface PersonalRuleJob {
  readonly page: FlowStepDispatch;
}

/** Marks an alert event whose escalations stop; flows read it before each step. */
export interface EscalationStopJob {
  readonly alertEventId: string;
  readonly reason: EscalationStopReason;
}

/**
 * An instance's auto-resolve timer, started when the episode opened. It carries no deadline: the
 * handler counts it from the instance's `last_seen_at`, so repeated fires need no job of their own.
 */
export interface AutoResolveJob {
  readonly ruleId: string;
  readonly fingerprint: string;
  readonly episodeId: string;
}

/** A grouped message a group window decided (`driver/grouped-dispatch.ts`), routed when it runs. */
export type GroupMessageJob = GroupMessage;
