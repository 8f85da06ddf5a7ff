import { BlockedTargetError } from '@oncall/net-guard';

/**
 * A few words on why a request got no HTTP answer, for the operator who entered the URL: the
 * error code (ECONNREFUSED, ENOTFOUND, a TLS failure) rather than a stack.
 */
export function failureMessage(error: unknown, timedOut: boolean, timeoutMs: number): string {
  if (timedOut) return `No answer within ${timeoutMs / 1000} s.`;
  for (let current = error; current instanceof Error; current = current.cause) {
    if (current instanceof BlockedTargetError) {
      return `Refused to connect to ${current.address}: link-local, metadata, multicast and reserved addresses are never data sources.`;
    }
    const code = (current as NodeJS.ErrnoException).code;
    if (typeof code === 'string' && code !== 'UND_ERR_SOCKET') return `Could not connect: ${code}.`;
  }
  return 'Could not connect.';
}
