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
  ])('allows public %s', (address) => {
    expect(isForbiddenAddress(address)).toBe(false);
  });
});
