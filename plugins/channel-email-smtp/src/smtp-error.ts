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

// Node's codes for a certificate that fails verification (self-signed, expired, wrong name, ...).
const CERTIFICATE_REFUSED = /CERT|SELF_SIGNED|UNABLE_TO_VERIFY|HOSTNAME_MISMATCH/;

/**
 * Classifies a nodemailer failure by the SMTP reply: 4xx is the server asking to try later
 * (greylisting, full mailbox, rate limit), 5xx a final refusal (unknown user, bad credentials,
 * relaying denied, STARTTLS not offered). Without a reply, a certificate the system does not trust
 * is a configuration problem, so permanent (nodemailer reports it as a socket error, with the TLS
 * code as `originalCode`); an unreachable server is transient, and anything else (an invalid
 * address, a TLS mismatch) is permanent too.
 */
export function smtpChannelError(error: unknown): ChannelError {
  const message = error instanceof Error ? error.message : String(error);
  const { responseCode, code, originalCode } = smtpFacts(error);
  if (typeof originalCode === 'string' && CERTIFICATE_REFUSED.test(originalCode)) {
    return new PermanentError(`SMTP certificate refused (${originalCode}): ${message}`, { cause: error });
  }
  if (typeof responseCode === 'number') {
    return responseCode >= 500
      ? new PermanentError(`SMTP ${responseCode}: ${message}`, { cause: error })
      : new TransientError(`SMTP ${responseCode}: ${message}`, { cause: error });
  }
  if (typeof code === 'string' && UNREACHABLE.has(code)) return new TransientError(message, { cause: error });
  return new PermanentError(message, { cause: error });
}

function smtpFacts(error: unknown): { responseCode: unknown; code: unknown; originalCode: unknown } {
  if (typeof error !== 'object' || error === null) {
    return { responseCode: undefined, code: undefined, originalCode: undefined };
  }
  return {
    responseCode: 'responseCode' in error ? error.responseCode : undefined,
    code: 'code' in error ? error.code : undefined,
    originalCode: 'originalCode' in error ? error.originalCode : undefined,
  };
}
