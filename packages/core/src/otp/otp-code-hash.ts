import type { SecretBox } from '../crypto/secret-box';
import type { OtpChannel } from '../entities/otp-code.entity';

export interface OtpTarget {
  userId: string;
  channel: OtpChannel;
  destination: string;
}

/**
 * The stored proof of a code. Binding the user, channel and destination into the hash means a
 * code only ever verifies the exact request it was sent for, whatever row it is compared with.
 */
export function otpCodeHash(box: SecretBox, target: OtpTarget, code: string): string {
  return box.lookupHash(`${target.userId}:${target.channel}:${target.destination}:${code}`);
}
