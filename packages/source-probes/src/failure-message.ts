import { BlockedTargetError } from '@oncall/net-guard';

/**
 * OpenSSL's and Node's codes for a server certificate the client did not accept, which an operator
 * fixes in the data source's TLS options rather than in the network.
 */
const CERTIFICATE_CODES: ReadonlySet<string> = new Set([
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'UNABLE_TO_GET_ISSUER_CERT',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'CERT_HAS_EXPIRED',
  'CERT_NOT_YET_VALID',
  'CERT_UNTRUSTED',
  'ERR_TLS_CERT_ALTNAME_INVALID',
]);

/**
 * A few words on why a request got no HTTP answer, for the operator who entered the URL: the
 * error code (ECONNREFUSED, ENOTFOUND, a TLS failure) rather than a stack, and for a refused
 * certificate which option to look at.
 */
export function failureMessage(error: unknown, timedOut: boolean, timeoutMs: number): string {
  if (timedOut) return `No answer within ${timeoutMs / 1000} s.`;
  for (let current = error; current instanceof Error; current = current.cause) {
    if (current instanceof BlockedTargetError) {
      return `Refused to connect to ${current.address}: link-local, metadata, multicast and reserved addresses are never data sources.`;
    }
    const code = (current as NodeJS.ErrnoException).code;
    if (typeof code === 'string' && CERTIFICATE_CODES.has(code)) {
      return `The server's TLS certificate was not accepted (${code}): trust its CA with caCertificate, name it with tlsServerName, or set tlsSkipVerify.`;
    }
    if (typeof code === 'string' && code !== 'UND_ERR_SOCKET') return `Could not connect: ${code}.`;
  }
  return 'Could not connect.';
}
