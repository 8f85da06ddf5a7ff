import { isIP } from 'node:net';

/**
 * Where a fake proxy may connect: loopback only, so a misconfigured test can never send traffic off
 * the machine through it. Takes `host:port` or `[v6]:port`.
 */
export function parseLoopbackTarget(authority: string): { host: string; port: number } | undefined {
  const url = URL.canParse(`http://${authority}`) ? new URL(`http://${authority}`) : undefined;
  if (url === undefined || url.port === '') return undefined;
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  return isLoopback(host) ? { host, port: Number(url.port) } : undefined;
}

function isLoopback(host: string): boolean {
  if (host === 'localhost') return true;
  if (isIP(host) === 4) return host.startsWith('127.');
  return host === '::1';
}
