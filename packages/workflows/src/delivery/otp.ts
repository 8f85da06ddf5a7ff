import { otpWorkflowId } from '../ids';
import type { OtpChannel } from '../notification';
import { initialDeliveryState } from './initial-state';
import type { RetryPolicy } from './retry-policy';
import type { DeliveryInput, ProviderChain } from './types';

/**
 * A person is waiting for the code on screen: retry briefly, then fall back to the backup provider
 * within seconds rather than minutes.
 */
export const OTP_RETRY_POLICY: RetryPolicy = {
  baseDelayMs: 1_000,
  factor: 2,
  maxDelayMs: 5_000,
  maxAttemptsPerProvider: 2,
  jitter: 'full',
  maxRetryAfterMs: 5_000,
};

export interface OtpDeliveryInit {
  readonly otpId: string;
  readonly channel: OtpChannel;
  /** The channel's default provider config, then its backup, like any delivery. */
  readonly chain: ProviderChain;
  readonly policy?: RetryPolicy;
}

/**
 * An OTP send is an ordinary delivery of an `otp` notification, driven by the same decider.
 *
 * @example
 * const input = otpDelivery({ otpId: 'otp_1', channel: 'sms', chain: ['cfg_default', 'cfg_backup'] });
 * decideDelivery(input.state, { type: 'started' });
 * // commands: [{ type: 'send', providerConfigId: 'cfg_default', attempt: 1, idempotencyKey: 'otp:otp_1:cfg_default:1' }]
 */
export function otpDelivery(init: OtpDeliveryInit): DeliveryInput {
  return {
    notification: { kind: 'otp', otpId: init.otpId, channel: init.channel },
    state: initialDeliveryState({
      baseKey: otpWorkflowId(init.otpId),
      chain: init.chain,
      policy: init.policy ?? OTP_RETRY_POLICY,
    }),
  };
}
