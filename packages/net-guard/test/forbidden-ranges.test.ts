import { describe, expect, it } from 'vitest';
import { isForbiddenAddress } from '../src';

describe('isForbiddenAddress', () => {
  it.each([
    ['127.0.0.1', 'loopback'],
    ['127.1.2.3', 'loopback range'],
    ['10.20.30.40', 'private 10/8'],
    ['172.16.0.1', 'private 172.16/12 start'],
    ['172.31.255.255', 'private 172.16/12 end'],
    ['192.168.1.1', 'private 192.168/16'],
    ['169.254.169.254', 'cloud metadata'],
    ['169.254.10.1', 'link-local'],
    ['100.64.0.1', 'CGNAT start'],
    ['100.127.255.255', 'CGNAT end'],
    ['0.0.0.0', 'this network'],
    ['224.0.0.251', 'multicast'],
    ['255.255.255.255', 'broadcast'],
    ['::1', 'IPv6 loopback'],
    ['::', 'IPv6 unspecified'],
    ['fc00::1', 'unique local'],
    ['fd12:3456::1', 'unique local (fd)'],
    ['fe80::1', 'IPv6 link-local'],
    ['ff02::1', 'IPv6 multicast'],
    ['::ffff:127.0.0.1', 'IPv4-mapped loopback'],
    ['::ffff:169.254.169.254', 'IPv4-mapped metadata'],
    ['not-an-address', 'unparseable input'],
    ['::127.0.0.1', 'IPv4-compatible loopback'],
    ['::7f00:1', 'IPv4-compatible loopback, hex'],
    ['::a9fe:a9fe', 'IPv4-compatible metadata'],
    ['::8.8.8.8', 'IPv4-compatible, deprecated whatever it embeds'],
    ['64:ff9b::127.0.0.1', 'NAT64 of loopback'],
    ['64:ff9b::7f00:1', 'NAT64 of loopback, hex'],
    ['64:ff9b::a9fe:a9fe', 'NAT64 of metadata'],
    ['64:ff9b::10.1.2.3', 'NAT64 of private 10/8'],
    ['64:FF9B::C0A8:101', 'NAT64 of private 192.168/16, upper case'],
    ['64:ff9b:1::1', 'local-use NAT64 prefix'],
    ['64:ff9b:1:ffff::a00:1', 'local-use NAT64 prefix, embedded private'],
    ['::ffff:0:127.0.0.1', 'IPv4-translated loopback'],
    ['2002:7f00:1::1', '6to4 of loopback'],
    ['2002:a9fe:a9fe::1', '6to4 of metadata'],
    ['fec0::1', 'deprecated site-local'],
    ['fe80::1%eth0', 'link-local with a zone'],
  ])('refuses %s (%s)', (address) => {
    expect(isForbiddenAddress(address)).toBe(true);
  });

  it.each([
    ['8.8.8.8'],
    ['1.1.1.1'],
    ['172.32.0.1'],
    ['100.128.0.1'],
    ['169.255.0.1'],
    ['2606:4700:4700::1111'],
    ['::ffff:8.8.8.8'],
    ['64:ff9b::8.8.8.8'],
    ['64:ff9b::101:101'],
    ['2002:808:808::1'],
  ])('allows public %s', (address) => {
    expect(isForbiddenAddress(address)).toBe(false);
  });
});
