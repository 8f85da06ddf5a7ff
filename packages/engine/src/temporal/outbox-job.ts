import type { EscalationStopReason } from '@oncall/core';
import type { OtpChannel } from '@oncall/workflows';
import type { GroupMessage } from '../driver/grouped-dispatch';

/**
 * What the core asked for, queued in its transaction for the outbox worker to start (or signal)
 * on Temporal. Temporal is not part of the database transaction, so the request is written there
 * first: a rolled-back change starts nothing, a committed one is started even if Temporal is down
 * for a while (the job retries).
 */
export type OutboxJob =
  | {
      readonly type: 'notify';
      readonly alertEventId: string;
      readonly endpointId: string;
      /** Its group window decided it pages on its own: started as without grouping. */
      readonly decided?: true;
    }
  /** A group or repeat message a window decided: a delivery workflow under its key. */
  | GroupMessage
  | { readonly type: 'otp'; readonly otpId: string; readonly channel: OtpChannel }
  | { readonly type: 'notice'; readonly noticeId: string; readonly endpointId: string }
  | { readonly type: 'stop'; readonly alertEventId: string; readonly reason: EscalationStopReason }
  | {
      /** A fire of an auto-resolving instance: start its timer, or move the running one's deadline. */
      readonly type: 'autoResolve';
      readonly ruleId: string;
      readonly fingerprint: string;
      readonly autoResolveMinutes: number;
      /** Epoch milliseconds. */
      readonly firedAt: number;
    };
