import { type ConnectionOptions, rootCertificates } from 'node:tls';

/**
 * How the host's TLS client trusts the servers it connects to, for one fetch's connections.
 *
 * - `rejectUnauthorized`: false accepts any certificate, self-signed, expired or for another name.
 *   The connection is still encrypted but no longer authenticated: anyone on the path can read and
 *   change it, credentials included. Default true.
 * - `ca`: PEM certificates trusted in addition to the system's roots (`tls.rootCertificates`, the
 *   bundled Mozilla list; NODE_EXTRA_CA_CERTS still applies to connections without `ca`).
 * - `servername`: the name sent as SNI and checked against the certificate, in place of the URL's
 *   host (a server reached by address whose certificate names it).
 *
 * @example { ca: fs.readFileSync('internal-ca.pem', 'utf8'), servername: 'prometheus.internal' }
 */
export interface TlsSettings {
  readonly rejectUnauthorized?: boolean;
  readonly ca?: string;
  readonly servername?: string;
}

/**
 * The `tls.connect` options of the settings. Node replaces its roots with an explicit `ca`, so the
 * roots are listed with it: a private CA is trusted besides the public ones, never instead.
 */
export function tlsConnectOptions(settings: TlsSettings | undefined): ConnectionOptions {
  if (settings === undefined) return {};
  return {
    ...(settings.rejectUnauthorized === false ? { rejectUnauthorized: false } : {}),
    ...(settings.ca === undefined ? {} : { ca: [...rootCertificates, settings.ca] }),
  };
}
