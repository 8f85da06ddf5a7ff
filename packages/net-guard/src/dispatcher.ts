import { Agent, type Dispatcher, ProxyAgent } from 'undici';
import { guardedLookup } from './guarded-lookup';
import type { ProxySettings } from './proxy-settings';
import type { Resolver } from './resolver';
import { socks5Connector } from './socks5-connector';
import type { TargetPolicy } from './target-policy';

const CONNECT_TIMEOUT_MS = 10_000;
const TIMEOUTS = { headersTimeout: 30_000, bodyTimeout: 30_000 };

/**
 * The connection pool for outbound delivery: direct (with the guarded lookup when the policy is
 * enforced), through an HTTP proxy (CONNECT), or through a SOCKS5 proxy. The proxy itself is an
 * admin's choice and is not subject to the guard.
 */
export function createDispatcher(policy: TargetPolicy, resolve: Resolver, proxy?: ProxySettings): Dispatcher {
  if (proxy?.type === 'http') {
    return new ProxyAgent({
      uri: `http://${proxy.host}:${proxy.port}`,
      token: proxy.username === undefined ? undefined : basicToken(proxy.username, proxy.password ?? ''),
      ...TIMEOUTS,
    });
  }
  if (proxy?.type === 'socks5') {
    return new Agent({ connect: socks5Connector(proxy, CONNECT_TIMEOUT_MS), ...TIMEOUTS });
  }
  const connect = policy.enforced ? { lookup: guardedLookup(policy, resolve) } : {};
  return new Agent({ connect: { ...connect, timeout: CONNECT_TIMEOUT_MS }, ...TIMEOUTS });
}

function basicToken(username: string, password: string): string {
  return `Basic ${Buffer.from(`${username}:${password}`).toString('base64')}`;
}
