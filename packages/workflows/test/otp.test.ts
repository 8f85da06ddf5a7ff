import { describe, expect, it } from 'vitest';
import { decideDelivery, OTP_RETRY_POLICY, otpDelivery } from '../src/index';

describe('otpDelivery', () => {
  const input = otpDelivery({ otpId: 'otp_1', channel: 'sms', chain: ['cfg_default', 'cfg_backup'] });

  it('is an otp notification keyed by the otp id, with the short OTP policy', () => {
    expect(input.notification).toEqual({ kind: 'otp', otpId: 'otp_1', channel: 'sms' });
    expect(input.state.baseKey).toBe('otp:otp_1');
    expect(input.state.policy).toEqual(OTP_RETRY_POLICY);
  });

  it('sends through the default provider, then the backup, like any delivery', () => {
    const started = decideDelivery(input.state, { type: 'started' });
    expect(started.commands).toEqual([
      {
        type: 'send',
        providerConfigId: 'cfg_default',
        attempt: 1,
        idempotencyKey: 'otp:otp_1:cfg_default:1',
      },
    ]);
    const failed = decideDelivery(started.state, {
      type: 'attemptFailed',
      idempotencyKey: 'otp:otp_1:cfg_default:1',
      kind: 'permanent',
      message: 'sender line disabled',
      jitter: 0.1,
    });
    expect(failed.commands.at(-1)).toEqual({
      type: 'send',
      providerConfigId: 'cfg_backup',
      attempt: 1,
      idempotencyKey: 'otp:otp_1:cfg_backup:1',
    });
  });

  it('accepts another policy', () => {
    const custom = { ...OTP_RETRY_POLICY, maxAttemptsPerProvider: 1 };
    expect(otpDelivery({ otpId: 'o', channel: 'email', chain: ['cfg'], policy: custom }).state.policy).toBe(
      custom,
    );
  });
});
