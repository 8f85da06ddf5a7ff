import { BlockList, isIP } from 'node:net';

// Everything that is not the public internet: a webhook URL typed by a user must not reach the
// server's own network, its cloud metadata service (169.254.169.254) or the host itself.
const IPV4_RANGES: readonly [string, number][] = [
  ['0.0.0.0', 8], // "this" network
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local, cloud metadata
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
];

const IPV6_RANGES: readonly [string, number][] = [
  ['::', 128], // unspecified
  ['::1', 128], // loopback
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['ff00::', 8], // multicast
];

const forbidden = new BlockList();
for (const [network, prefix] of IPV4_RANGES) forbidden.addSubnet(network, prefix, 'ipv4');
for (const [network, prefix] of IPV6_RANGES) forbidden.addSubnet(network, prefix, 'ipv6');

/**
 * True for an IP address the server must not connect to on a user's behalf. IPv4-mapped IPv6
 * addresses (`::ffff:127.0.0.1`) are judged by their IPv4 address. Anything that is not an IP
 * address is forbidden, so a parsing surprise fails closed.
 */
export function isForbiddenAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return true;
  return forbidden.check(address, family === 4 ? 'ipv4' : 'ipv6');
}
