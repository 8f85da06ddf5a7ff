import type { ChannelMessage } from '@oncall/plugin-sdk';

/**
 * The message carrying a one-time code. Channels render an `otp` message as its body alone
 * (SMS text, speech) or with the title as subject (email).
 */
export function otpMessage(code: string): ChannelMessage {
  return {
    kind: 'otp',
    severity: 'info',
    title: 'Your verification code',
    body: `Your verification code is ${code}`,
  };
}
