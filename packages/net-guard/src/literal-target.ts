import { isIP } from 'node:net';

/**
 * The address a URL names without DNS: an IP literal, or loopback for `localhost` names (which
 * resolvers answer locally, even behind a proxy). Sockets skip the lookup for literals, so these
 * must be checked before connecting; through a proxy, they are all that can be checked.
 */
export function literalTarget(url: URL): string | undefined {
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  if (isIP(host) !== 0) return host;
  if (host === 'localhost' || host.endsWith('.localhost')) return '127.0.0.1';
  return undefined;
}
