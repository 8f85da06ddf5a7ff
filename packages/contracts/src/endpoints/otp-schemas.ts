import { z } from 'zod';
import { objectOf, type Strictness } from '../common/strictness';
import { emailAddress, phoneNumber } from './destinations';

/** A request for a one-time code to the destination an sms, call or email endpoint will use. */
export function otpSendBodySchema(strictness: Strictness) {
  return z.discriminatedUnion(
    'type',
    [
      objectOf({ type: z.enum(['sms', 'call']), value: phoneNumber }, strictness),
      objectOf({ type: z.literal('email'), value: emailAddress }, strictness),
    ],
    { error: 'The type must be one of sms, call, email.' },
  );
}

export const otpSendBody = otpSendBodySchema('strip');

export const otpSentSchema = z.object({ status: z.boolean(), message: z.string() });
