import { type ChannelError, PermanentError, TransientError } from '@oncall/plugin-sdk';

// nodemailer's codes for "could not talk to the server", plus the socket errors it passes through.
const UNREACHABLE = new Set([
  'ECONNECTION',
  'ETIMEDOUT',
  'ESOCKET',
  'EDNS',
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
]);

/**
 * Classifies a nodemailer failure by the SMTP reply: 4xx is the server asking to try later
 * (greylisting, full mailbox, rate limit), 5xx a final refusal (unknown user, bad credentials,
 * relaying denied). Without a reply, an unreachable server is transient and anything else (an
 * invalid address, a TLS mismatch) is a configuration problem, so permanent.
 */
export function smtpChannelError(error: unknown): ChannelError {
  const message = error instanceof Error ? error.message : String(error);
  const { responseCode, code } = smtpFacts(error);
  if (typeof responseCode === 'number') {
    return responseCode >= 500
      ? new PermanentError(`SMTP ${responseCode}: ${message}`, { cause: error })
      : new TransientError(`SMTP ${responseCode}: ${message}`, { cause: error });
  }
  if (typeof code === 'string' && UNREACHABLE.has(code)) return new TransientError(message, { cause: error });
  return new PermanentError(message, { cause: error });
}

function smtpFacts(error: unknown): { responseCode: unknown; code: unknown } {
  if (typeof error !== 'object' || error === null) return { responseCode: undefined, code: undefined };
  return {
    responseCode: 'responseCode' in error ? error.responseCode : undefined,
    code: 'code' in error ? error.code : undefined,
  };
}
