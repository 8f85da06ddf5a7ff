import { BlockList, isIP } from 'node:net';
import { matchesRanges } from './forbidden-ranges';
import { literalTarget } from './literal-target';

// Where clouds serve instance metadata and credentials. Refused even where private networks are
// allowed (data sources): no monitoring system lives there, and a credential sent there, or an
// answer read back, would leak the host's own cloud identity.
const IPV4_RANGES: readonly [string, number][] = [
  ['169.254.0.0', 16], // link-local: AWS, GCP, Azure, OCI, DigitalOcean, OpenStack (169.254.169.254), Tencent (169.254.0.23)
  ['100.100.100.200', 32], // Alibaba Cloud
  ['168.63.129.16', 32], // Azure wireserver (a public address, reachable only from inside Azure)
];

const IPV6_RANGES: readonly [string, number][] = [
  ['fe80::', 10], // link-local
  ['fd00:ec2::254', 128], // AWS instance metadata over IPv6
  ['fd00:c1::a9fe:a9fe', 128], // Oracle Cloud instance metadata over IPv6
];

const metadata = new BlockList();
for (const [network, prefix] of IPV4_RANGES) metadata.addSubnet(network, prefix, 'ipv4');
for (const [network, prefix] of IPV6_RANGES) metadata.addSubnet(network, prefix, 'ipv6');

/**
 * True for a cloud metadata address (all of link-local included), also in an IPv6 form that
 * carries one (`::ffff:169.254.169.254`, NAT64, 6to4). Anything that is not an IP address is not
 * one: names are judged by what they resolve to.
 */
export function isCloudMetadataAddress(address: string): boolean {
  return isIP(address) !== 0 && matchesRanges(metadata, address);
}

/**
 * The cloud metadata address a URL names literally (`http://[fd00:ec2::254]/`,
 * `http://0x646464c8/`), as the URL parser writes it; undefined for any other URL, a name, or no
 * URL at all. A name that resolves to one is refused when connecting.
 */
export function cloudMetadataTarget(url: string): string | undefined {
  if (!URL.canParse(url)) return undefined;
  const literal = literalTarget(new URL(url));
  return literal !== undefined && isCloudMetadataAddress(literal) ? literal : undefined;
}
