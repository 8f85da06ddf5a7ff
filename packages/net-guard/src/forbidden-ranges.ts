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
  ['::', 96], // unspecified, loopback, and the deprecated IPv4-compatible ::a.b.c.d
  ['64:ff9b:1::', 48], // local-use NAT64 (RFC 8215): translates into the local network
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['fec0::', 10], // deprecated site-local, still routed inside some networks
  ['ff00::', 8], // multicast
];

/**
 * IPv6 forms that carry an IPv4 address a gateway will connect to, judged by that address.
 * IPv4-mapped `::ffff:a.b.c.d` needs no entry: BlockList already checks it against the IPv4 rules.
 */
const IPV4_CARRIERS: readonly { range: BlockList; ipv4Of: (groups: readonly number[]) => string }[] = [
  { range: subnet('64:ff9b::', 96), ipv4Of: (groups) => ipv4From(groups[6], groups[7]) }, // NAT64
  { range: subnet('::ffff:0:0:0', 96), ipv4Of: (groups) => ipv4From(groups[6], groups[7]) }, // SIIT
  { range: subnet('2002::', 16), ipv4Of: (groups) => ipv4From(groups[1], groups[2]) }, // 6to4
];

const forbidden = new BlockList();
for (const [network, prefix] of IPV4_RANGES) forbidden.addSubnet(network, prefix, 'ipv4');
for (const [network, prefix] of IPV6_RANGES) forbidden.addSubnet(network, prefix, 'ipv6');

/**
 * True for an IP address the server must not connect to on a user's behalf. IPv6 addresses that
 * carry an IPv4 address (mapped `::ffff:127.0.0.1`, NAT64 `64:ff9b::127.0.0.1`, SIIT, 6to4) are
 * judged by that IPv4 address. Anything that is not an IP address is forbidden, so a parsing
 * surprise fails closed.
 */
export function isForbiddenAddress(address: string): boolean {
  return matchesRanges(forbidden, address);
}

/**
 * Whether an IP address is in `ranges` (a BlockList of IPv4 and IPv6 subnets), judging an IPv6
 * address that carries an IPv4 address (mapped, NAT64, SIIT, 6to4) by that address too. Anything
 * that is not an IP address, or an IPv6 address with a zone, matches: a parsing surprise fails
 * closed.
 */
export function matchesRanges(ranges: BlockList, address: string): boolean {
  const family = isIP(address);
  if (family === 0) return true;
  if (family === 4) return ranges.check(address, 'ipv4');
  if (ranges.check(address, 'ipv6')) return true;
  const groups = ipv6Groups(address);
  if (groups === undefined) return true;
  const carrier = IPV4_CARRIERS.find(({ range }) => range.check(address, 'ipv6'));
  return carrier !== undefined && ranges.check(carrier.ipv4Of(groups), 'ipv4');
}

/** The eight 16-bit groups of a valid IPv6 address; undefined for one with a zone (`fe80::1%eth0`). */
function ipv6Groups(address: string): number[] | undefined {
  let canonical: string;
  try {
    // The WHATWG URL parser writes IPv6 canonically: lower-case hex groups, a dotted tail folded in.
    canonical = new URL(`http://[${address}]/`).hostname.slice(1, -1);
  } catch {
    return undefined;
  }
  const [head = '', tail] = canonical.split('::');
  const left = hexGroups(head);
  const right = tail === undefined ? [] : hexGroups(tail);
  return [...left, ...new Array<number>(8 - left.length - right.length).fill(0), ...right];
}

function hexGroups(part: string): number[] {
  return part === '' ? [] : part.split(':').map((group) => Number.parseInt(group, 16));
}

function ipv4From(high = 0, low = 0): string {
  return [high >> 8, high & 0xff, low >> 8, low & 0xff].join('.');
}

function subnet(network: string, prefix: number): BlockList {
  const list = new BlockList();
  list.addSubnet(network, prefix, 'ipv6');
  return list;
}
