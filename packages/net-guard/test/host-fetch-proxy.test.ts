import {
  type FakeProxy,
  type RecordedHttpRequest,
  type RecordingHttpServer,
  startFakeHttpProxy,
  startFakeSocks5Proxy,
  startRecordingHttpServer,
  textReply,
} from '@oncall/fakes';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BlockedTargetError, createHostFetch, type HostFetch } from '../src';

const credentials = { username: 'relay', password: 'p@ss:word' };

describe.each([
  ['http', startFakeHttpProxy],
  ['socks5', startFakeSocks5Proxy],
] as const)('createHostFetch through a %s proxy', (type, startProxy) => {
  let target: RecordingHttpServer<RecordedHttpRequest>;
  let proxy: FakeProxy;
  let client: HostFetch;

  beforeEach(async () => {
    target = await startRecordingHttpServer({
      record: (request) => request,
      defaultReply: () => textReply(200, 'via'),
    });
    proxy = await startProxy({ credentials });
  });

  afterEach(async () => {
    await client.close();
    await proxy.close();
    await target.close();
  });

  it('sends the request through the proxy with its credentials', async () => {
    client = createHostFetch({
      allowPrivateTargets: true,
      proxy: { type, host: proxy.host, port: proxy.port, ...credentials },
    });
    const response = await client.fetch(`${target.url}/bot1/sendMessage`, { method: 'POST', body: '{}' });
    expect(await response.text()).toBe('via');
    expect(proxy.connections).toEqual([
      { method: 'CONNECT', target: new URL(target.url).host, username: credentials.username },
    ]);
    expect(target.requests.map((request) => request.url.pathname)).toEqual(['/bot1/sendMessage']);
  });

  it('leaves name resolution to the proxy', async () => {
    client = createHostFetch({
      allowPrivateTargets: true,
      proxy: { type, host: proxy.host, port: proxy.port, ...credentials },
    });
    const port = new URL(target.url).port;
    await client.fetch(`http://localhost:${port}/by-name`);
    expect(proxy.connections.map((connection) => connection.target)).toEqual([`localhost:${port}`]);
    expect(target.requests.map((request) => request.url.pathname)).toEqual(['/by-name']);
  });

  it('fails when the proxy rejects the credentials', async () => {
    client = createHostFetch({
      allowPrivateTargets: true,
      proxy: { type, host: proxy.host, port: proxy.port, username: 'relay', password: 'wrong' },
    });
    await expect(client.fetch(`${target.url}/x`)).rejects.toThrow();
    expect(proxy.connections).toHaveLength(0);
    expect(target.requests).toHaveLength(0);
  });

  it('still refuses literal private targets when the guard is on', async () => {
    client = createHostFetch({ proxy: { type, host: proxy.host, port: proxy.port, ...credentials } });
    await expect(client.fetch(`${target.url}/x`)).rejects.toBeInstanceOf(BlockedTargetError);
    expect(proxy.connections).toHaveLength(0);
  });
});
