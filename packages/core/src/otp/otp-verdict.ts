import { validationFailed } from '../errors/domain-error';

/**
 * How redeeming a code went. Anything but `accepted` is reported after the caller's transaction
 * commits, so a wrong guess is counted even though nothing else is written.
 */
export type OtpVerdict = 'accepted' | 'missing' | 'wrong' | 'spent';

const MESSAGES: Record<Exclude<OtpVerdict, 'accepted'>, string> = {
  missing: 'No code was sent to this destination; request one first.',
  wrong: 'The code is invalid.',
  spent: 'The code has expired or was used too many times; request a new one.',
};

export function otpRejected(verdict: Exclude<OtpVerdict, 'accepted'>) {
  return validationFailed({ otpCode: [MESSAGES[verdict]] });
}
