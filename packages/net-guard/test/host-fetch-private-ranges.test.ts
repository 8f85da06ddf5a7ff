import { type FakeProxy, startFakeHttpProxy, startRecordingHttpServer, textReply } from '@oncall/fakes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BlockedTargetError, createHostFetch, type HostFetch } from '../src';

// Private and metadata addresses are requested through a fake proxy that only ever connects to
// loopback: should the guard regress, the request still cannot leave the machine.
describe('createHostFetch refuses private and metadata targets', () => {
  let proxy: FakeProxy;
  let client: HostFetch;

  beforeAll(async () => {
    proxy = await startFakeHttpProxy();
    client = createHostFetch({
      allowedAddresses: ['127.0.0.1'],
      proxy: { type: 'http', host: proxy.host, port: proxy.port },
    });
  });

  afterAll(async () => {
    await client.close();
    await proxy.close();
  });

  it.each([
    ['http://169.254.169.254/latest/meta-data/', '169.254.169.254'],
    ['http://10.0.0.1/', '10.0.0.1'],
    ['http://172.16.5.4/', '172.16.5.4'],
    ['http://192.168.1.1/', '192.168.1.1'],
    ['http://100.64.0.1/', '100.64.0.1'],
    ['http://[fd00::1]/', 'fd00::1'],
    ['http://[fe80::1]/', 'fe80::1'],
  ])('refuses %s', async (url, address) => {
    const error = await client.fetch(url).then(
      () => expect.fail('expected a refusal'),
      (failure: unknown) => failure,
    );
    expect(error).toBeInstanceOf(BlockedTargetError);
    expect(error).toMatchObject({ address });
    expect(proxy.connections).toHaveLength(0);
  });

  it('refuses a redirect from an allowed host to the metadata address', async () => {
    const server = await startRecordingHttpServer({
      record: (request) => request.url.pathname,
      defaultReply: () => textReply(302, '', { location: 'http://169.254.169.254/latest/meta-data/' }),
    });
    try {
      const error = await client.fetch(`${server.url}/hook`).then(
        () => expect.fail('expected a refusal'),
        (failure: unknown) => failure,
      );
      expect(error).toMatchObject({ address: '169.254.169.254' });
      expect(server.requests).toEqual(['/hook']);
      expect(proxy.connections.map((connection) => connection.target)).toEqual([new URL(server.url).host]);
    } finally {
      await server.close();
    }
  });
});
