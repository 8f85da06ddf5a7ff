import type { LookupAddress } from 'node:dns';
import { type FakeProxy, startFakeHttpProxy } from '@oncall/fakes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BlockedTargetError,
  cloudMetadataTarget,
  createHostFetch,
  type HostFetch,
  isCloudMetadataAddress,
  type Resolver,
} from '../src';
import { guardedLookup } from '../src/guarded-lookup';
import { createTargetPolicy } from '../src/target-policy';

/** What data sources open the guard for: the private networks monitoring systems live on. */
const PRIVATE_NETWORKS = ['10.0.0.0/8', '100.64.0.0/10', '127.0.0.0/8', 'fc00::/7', '169.254.0.0/16'];

const METADATA = [
  '169.254.169.254', // AWS, GCP, Azure, OCI, DigitalOcean, OpenStack
  '169.254.0.23', // Tencent Cloud (all of link-local is refused)
  'fd00:ec2::254', // AWS IMDS over IPv6
  'fd00:c1::a9fe:a9fe', // OCI over IPv6
  '100.100.100.200', // Alibaba Cloud
  '168.63.129.16', // Azure wireserver
  'fe80::a9fe:a9fe', // IPv6 link-local
  '::ffff:169.254.169.254', // IPv4-mapped
  '::ffff:100.100.100.200',
  '64:ff9b::6464:64c8', // NAT64 of 100.100.100.200
  '2002:a83f:8110::', // 6to4 of 168.63.129.16
];

describe('cloud metadata addresses', () => {
  it.each(METADATA)('%s is a metadata address', (address) => {
    expect(isCloudMetadataAddress(address)).toBe(true);
  });

  it.each(['10.0.0.1', '100.64.0.1', '100.100.100.201', '127.0.0.1', 'fd00::1', 'fd00:ec2::253', '8.8.8.8'])(
    '%s is not',
    (address) => {
      expect(isCloudMetadataAddress(address)).toBe(false);
    },
  );

  it('are refused even where private networks are allowed', () => {
    const policy = createTargetPolicy({ allowedAddresses: PRIVATE_NETWORKS });
    for (const address of METADATA) {
      expect(() => policy.assertAllowed(address, address), address).toThrow(BlockedTargetError);
    }
    expect(() => policy.assertAllowed('prom.internal', '10.1.2.3')).not.toThrow();
    expect(() => policy.assertAllowed('prom.internal', 'fd00:1::5')).not.toThrow();
    expect(() => policy.assertAllowed('prom.internal', '100.64.3.4')).not.toThrow();
  });

  it('are refused at connect time when a name resolves there (DNS rebinding included)', async () => {
    const policy = createTargetPolicy({ allowedAddresses: PRIVATE_NETWORKS });
    let answer = '10.0.0.7';
    const resolve: Resolver = async () => [{ address: answer, family: answer.includes(':') ? 6 : 4 }];
    const lookup = guardedLookup(policy, resolve);
    const looked = () =>
      new Promise<{ error: Error | null; addresses: LookupAddress[] }>((settle) =>
        lookup('prom.internal', { all: true }, (error, addresses) =>
          settle({ error, addresses: Array.isArray(addresses) ? addresses : [] }),
        ),
      );
    expect((await looked()).addresses).toEqual([{ address: '10.0.0.7', family: 4 }]);
    for (const address of ['fd00:ec2::254', '100.100.100.200', '169.254.169.254']) {
      answer = address;
      const { error } = await looked();
      expect(error, address).toBeInstanceOf(BlockedTargetError);
      expect(error).toMatchObject({ hostname: 'prom.internal', address });
    }
  });

  it.each([
    ['http://[fd00:ec2::254]/latest/meta-data/', 'fd00:ec2::254'],
    ['http://[FD00:EC2:0:0:0:0:0:254]:80/', 'fd00:ec2::254'],
    ['http://100.100.100.200/latest/meta-data/', '100.100.100.200'],
    ['http://0x646464c8/', '100.100.100.200'],
    ['https://168.63.129.16/machine', '168.63.129.16'],
    ['http://[::ffff:169.254.169.254]/', '::ffff:a9fe:a9fe'],
    ['http://169.254.169.254.', '169.254.169.254'],
  ])('%s names %s', (url, address) => {
    expect(cloudMetadataTarget(url)).toBe(address);
  });

  it.each(['http://prom.internal:9090', 'http://10.0.0.1', 'http://[fd00::1]', 'not a url'])(
    '%s names none',
    (url) => {
      expect(cloudMetadataTarget(url)).toBeUndefined();
    },
  );
});

// Requested through a fake proxy that only ever connects to loopback: should the guard regress,
// the request still cannot leave the machine.
describe('createHostFetch with private networks allowed', () => {
  let proxy: FakeProxy;
  let client: HostFetch;

  beforeAll(async () => {
    proxy = await startFakeHttpProxy();
    client = createHostFetch({
      allowedAddresses: PRIVATE_NETWORKS,
      proxy: { type: 'http', host: proxy.host, port: proxy.port },
    });
  });
  afterAll(async () => {
    await client.close();
    await proxy.close();
  });

  it.each([
    ['http://[fd00:ec2::254]/latest/meta-data/', 'fd00:ec2::254'],
    ['http://100.100.100.200/latest/meta-data/', '100.100.100.200'],
    ['http://168.63.129.16/machine?comp=versions', '168.63.129.16'],
    ['http://169.254.169.254/latest/meta-data/', '169.254.169.254'],
  ])('refuses %s without connecting', async (url, address) => {
    const error = await client.fetch(url).then(
      () => expect.fail('expected a refusal'),
      (failure: unknown) => failure,
    );
    expect(error).toBeInstanceOf(BlockedTargetError);
    expect(error).toMatchObject({ address });
    expect(proxy.connections).toHaveLength(0);
  });
});
