import ipaddr from 'ipaddr.js';

/**
 * The key a client address is throttled under. IPv6 clients are counted per /64: one host is
 * usually handed a whole /64, so counting single addresses would give it 2^64 budgets. IPv4-mapped
 * IPv6 (`::ffff:a.b.c.d`, what a dual-stack socket reports) is the IPv4 address it carries.
 */
export function clientAddressKey(address: string | undefined): string {
  if (!address || !ipaddr.isValid(address)) return 'unknown';
  const parsed = ipaddr.process(address);
  if (parsed.kind() === 'ipv4') return parsed.toString();
  return `${parsed.toNormalizedString().split(':').slice(0, 4).join(':')}::/64`;
}
