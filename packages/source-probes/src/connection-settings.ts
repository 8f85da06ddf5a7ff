import type { DataSourceConnectionOptions } from '@oncall/core';
import type { TlsSettings } from '@oncall/net-guard';

/**
 * The time limit of one check or query: the least of what is given (a call's own limit, the
 * source's, the host's bound), the source's falling back to the host's default. Never negative,
 * so a caller's arithmetic cannot turn it into an error.
 */
export function timeLimitMs(
  limits: { readonly defaultMs: number; readonly maxMs: number },
  options: DataSourceConnectionOptions | undefined,
  callMs?: number,
): number {
  const candidates = [options?.timeoutMs ?? limits.defaultMs, limits.maxMs, callMs].filter(
    (value): value is number => value !== undefined && Number.isFinite(value),
  );
  return Math.max(0, Math.min(...candidates));
}

/** The source's TLS options as the host fetch takes them; the system's roots without options. */
export function tlsSettings(options: DataSourceConnectionOptions | undefined): TlsSettings | undefined {
  if (options === undefined) return undefined;
  const { skipVerify, ca, serverName } = options.tls;
  return {
    rejectUnauthorized: !skipVerify,
    ...(ca === undefined ? {} : { ca }),
    ...(serverName === undefined ? {} : { servername: serverName }),
  };
}
