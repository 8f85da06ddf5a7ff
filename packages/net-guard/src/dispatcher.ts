import { Agent, buildConnector, type Dispatcher, ProxyAgent } from 'undici';
import { guardedLookup } from './guarded-lookup';
import type { ProxySettings } from './proxy-settings';
import type { Resolver } from './resolver';
import { socks5Connector } from './socks5-connector';
import type { TargetPolicy } from './target-policy';
import { type TlsSettings, tlsConnectOptions } from './tls-settings';

const CONNECT_TIMEOUT_MS = 10_000;
const TIMEOUTS = { headersTimeout: 30_000, bodyTimeout: 30_000 };

/**
 * The connection pool for outbound delivery: direct (with the guarded lookup when the policy is
 * enforced), through an HTTP proxy (CONNECT), or through a SOCKS5 proxy. The proxy itself is an
 * admin's choice and is not subject to the guard. `tls` applies to the target's TLS connection in
 * every mode, never to the proxy's.
 */
export function createDispatcher(
  policy: TargetPolicy,
  resolve: Resolver,
  proxy?: ProxySettings,
  tls?: TlsSettings,
): Dispatcher {
  if (proxy?.type === 'http') {
    return new ProxyAgent({
      uri: `http://${proxy.host}:${proxy.port}`,
      token: proxy.username === undefined ? undefined : basicToken(proxy.username, proxy.password ?? ''),
      requestTls: { ...tlsConnectOptions(tls), ...servernameOf(tls) },
      ...TIMEOUTS,
    });
  }
  if (proxy?.type === 'socks5') {
    return new Agent({ connect: socks5Connector(proxy, CONNECT_TIMEOUT_MS, tls), ...TIMEOUTS });
  }
  const lookup = policy.enforced ? { lookup: guardedLookup(policy, resolve) } : {};
  const connect = { ...lookup, ...tlsConnectOptions(tls), timeout: CONNECT_TIMEOUT_MS };
  const servername = tls?.servername;
  if (servername === undefined) return new Agent({ connect, ...TIMEOUTS });
  // undici hands the connector the request's host as the server name, which wins over a
  // `servername` among the build options; the configured name must win, so it is set per connection.
  const connector = buildConnector(connect);
  return new Agent({
    connect: (options, callback) => connector({ ...options, servername }, callback),
    ...TIMEOUTS,
  });
}

function servernameOf(tls: TlsSettings | undefined): { servername?: string } {
  return tls?.servername === undefined ? {} : { servername: tls.servername };
}

function basicToken(username: string, password: string): string {
  return `Basic ${Buffer.from(`${username}:${password}`).toString('base64')}`;
}
