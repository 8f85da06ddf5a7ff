import {
  type RecordedHttpRequest,
  type RecordingHttpServer,
  startRecordingHttpServer,
  textReply,
} from '@oncall/fakes';
import { PermanentError } from '@oncall/plugin-sdk';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BlockedTargetError, createHostFetch, type HostFetch, type Resolver } from '../src';

// Every name resolves to loopback, so even a broken guard could not send traffic off the machine;
// 127.0.0.1 is made allowable with allowedAddresses while 127.0.0.2 stays forbidden.
const names: Record<string, string[]> = {
  'hooks.test': ['127.0.0.1'],
  'internal.test': ['127.0.0.2'],
  'mixed.test': ['127.0.0.1', '127.0.0.2'],
  'other.test': ['127.0.0.1'],
  'nat64.test': ['64:ff9b::7f00:1'],
};

// Stands in for DNS so tests can make any name resolve anywhere without a resolver on the network.
const resolve: Resolver = async (hostname) => {
  const addresses = names[hostname];
  if (addresses === undefined) throw Object.assign(new Error(`ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
  return addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
};

const failureOf = (promise: Promise<unknown>) =>
  promise.then(
    () => expect.fail('expected the fetch to be refused'),
    (error: unknown) => error,
  );

describe('createHostFetch guard', () => {
  let server: RecordingHttpServer<RecordedHttpRequest>;
  let port: string;
  const clients: HostFetch[] = [];
  const hostFetch = (options: Parameters<typeof createHostFetch>[0]) => {
    const client = createHostFetch({ resolve, ...options });
    clients.push(client);
    return client.fetch;
  };

  beforeEach(async () => {
    server = await startRecordingHttpServer({
      record: (request) => request,
      defaultReply: () => textReply(200, 'ok'),
    });
    port = new URL(server.url).port;
  });

  afterEach(async () => {
    await Promise.all(clients.splice(0).map((client) => client.close()));
    await server.close();
  });

  it('refuses a loopback address by default, before connecting', async () => {
    const error = await failureOf(hostFetch({})(`${server.url}/hook`));
    expect(error).toBeInstanceOf(BlockedTargetError);
    expect(error).toBeInstanceOf(PermanentError);
    expect(String(error)).toContain('127.0.0.1');
    expect(server.requests).toHaveLength(0);
  });

  it.each([
    ['http://[::1]:9/', 'IPv6 loopback literal'],
    ['http://[::ffff:7f00:1]:9/', 'IPv4-mapped loopback literal'],
    ['http://[::127.0.0.1]:9/', 'IPv4-compatible loopback literal'],
    ['http://[64:ff9b::169.254.169.254]:9/', 'NAT64 metadata literal'],
    ['http://0.0.0.0:9/', 'this-host literal'],
    ['http://localhost:9/', 'localhost name'],
    ['http://api.localhost:9/', 'localhost subdomain'],
  ])('refuses %s (%s)', async (url) => {
    expect(await failureOf(hostFetch({})(url))).toBeInstanceOf(BlockedTargetError);
  });

  it('refuses a name that resolves to a private address, at connect time', async () => {
    const error = await failureOf(hostFetch({})(`http://hooks.test:${port}/hook`));
    expect(error).toBeInstanceOf(BlockedTargetError);
    expect(String(error)).toContain('hooks.test (127.0.0.1)');
    expect(server.requests).toHaveLength(0);
  });

  it('refuses a name that resolves to the NAT64 form of a private address', async () => {
    const error = await failureOf(hostFetch({})(`http://nat64.test:${port}/hook`));
    expect(error).toBeInstanceOf(BlockedTargetError);
    expect(String(error)).toContain('64:ff9b::7f00:1');
  });

  it('refuses a name whose answer mixes allowed and forbidden addresses', async () => {
    const error = await failureOf(
      hostFetch({ allowedAddresses: ['127.0.0.1'] })(`http://mixed.test:${port}/`),
    );
    expect(error).toMatchObject({ hostname: 'mixed.test', address: '127.0.0.2' });
    expect(server.requests).toHaveLength(0);
  });

  it('connects anywhere with allowPrivateTargets', async () => {
    const response = await hostFetch({ allowPrivateTargets: true })(`${server.url}/hook`);
    expect(await response.text()).toBe('ok');
    expect(server.requests.map((request) => request.url.pathname)).toEqual(['/hook']);
  });

  it('connects to an address listed in allowedAddresses, by name or literal', async () => {
    const fetch = hostFetch({ allowedAddresses: ['127.0.0.0/8'] });
    await fetch(`http://hooks.test:${port}/by-name`);
    await fetch(`${server.url}/literal`);
    expect(server.requests.map((request) => request.url.pathname)).toEqual(['/by-name', '/literal']);
  });

  it('refuses schemes other than http and https', async () => {
    expect(await failureOf(hostFetch({ allowPrivateTargets: true })('file:///etc/passwd'))).toBeInstanceOf(
      PermanentError,
    );
  });

  describe('redirects', () => {
    const allowLoopback = { allowedAddresses: ['127.0.0.1'] };

    it('refuses a redirect from an allowed host to a forbidden address', async () => {
      server.replyNext(textReply(302, '', { location: `http://127.0.0.2:${port}/admin` }));
      const error = await failureOf(hostFetch(allowLoopback)(`http://hooks.test:${port}/start`));
      expect(error).toMatchObject({ address: '127.0.0.2' });
      expect(server.requests).toHaveLength(1);
    });

    it('refuses a redirect to a name that resolves to a forbidden address', async () => {
      server.replyNext(textReply(307, '', { location: `http://internal.test:${port}/admin` }));
      const error = await failureOf(hostFetch(allowLoopback)(`http://hooks.test:${port}/start`));
      expect(error).toMatchObject({ hostname: 'internal.test', address: '127.0.0.2' });
      expect(server.requests).toHaveLength(1);
    });

    it('repeats method and body on 307 and checks the new hop', async () => {
      server.replyNext(textReply(307, '', { location: '/moved' }));
      const response = await hostFetch(allowLoopback)(`http://hooks.test:${port}/start`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{"text":"hi"}',
      });
      expect(response.status).toBe(200);
      expect(server.requests.map(({ method, url, body }) => [method, url.pathname, body])).toEqual([
        ['POST', '/start', '{"text":"hi"}'],
        ['POST', '/moved', '{"text":"hi"}'],
      ]);
    });

    const sentHeaders = {
      authorization: 'Bearer webhook-secret',
      'x-api-key': 'key-secret',
      'x-custom': 'set by the plugin',
      cookie: 'session=1',
      'content-type': 'application/json',
    };

    it('drops every header the caller set, except content negotiation, on a cross-origin redirect', async () => {
      server.replyNext(textReply(307, '', { location: `http://other.test:${port}/moved` }));
      await hostFetch(allowLoopback)(`http://hooks.test:${port}/start`, {
        method: 'POST',
        headers: sentHeaders,
        body: '{}',
      });
      const [first, second] = server.requests;
      expect(first?.headers).toMatchObject(sentHeaders);
      expect(second?.url.pathname).toBe('/moved');
      expect(second?.headers).not.toHaveProperty('authorization');
      expect(second?.headers).not.toHaveProperty('x-api-key');
      expect(second?.headers).not.toHaveProperty('x-custom');
      expect(second?.headers).not.toHaveProperty('cookie');
      expect(second?.headers).toMatchObject({ 'content-type': 'application/json' });
    });

    it('treats another port of the same host as another origin', async () => {
      const other = await startRecordingHttpServer({
        record: (request) => request,
        defaultReply: () => textReply(200, 'ok'),
      });
      try {
        server.replyNext(textReply(302, '', { location: `http://hooks.test:${new URL(other.url).port}/` }));
        await hostFetch(allowLoopback)(`http://hooks.test:${port}/start`, { headers: sentHeaders });
        expect(other.requests[0]?.headers).not.toHaveProperty('x-api-key');
      } finally {
        await other.close();
      }
    });

    it('keeps the headers on a redirect within the same origin', async () => {
      server.replyNext(textReply(307, '', { location: '/moved' }));
      await hostFetch(allowLoopback)(`http://hooks.test:${port}/start`, {
        method: 'POST',
        headers: sentHeaders,
        body: '{}',
      });
      expect(server.requests[1]?.headers).toMatchObject(sentHeaders);
    });

    it('turns a POST into a GET without body on 303', async () => {
      server.replyNext(textReply(303, '', { location: '/result' }));
      await hostFetch(allowLoopback)(`http://hooks.test:${port}/start`, { method: 'POST', body: 'payload' });
      expect(server.requests.map(({ method, body }) => [method, body])).toEqual([
        ['POST', 'payload'],
        ['GET', ''],
      ]);
    });

    it('gives up after five redirects', async () => {
      const loop = textReply(302, '', { location: '/again' });
      server.replyNext(loop, loop, loop, loop, loop, loop, loop);
      const error = await failureOf(hostFetch(allowLoopback)(`http://hooks.test:${port}/start`));
      expect(error).toBeInstanceOf(PermanentError);
      expect(String(error)).toContain('More than 5 redirects');
      expect(server.requests).toHaveLength(6);
    });

    it('returns the redirect itself when asked for manual redirects', async () => {
      server.replyNext(textReply(302, '', { location: `http://127.0.0.2:${port}/` }));
      const response = await hostFetch(allowLoopback)(`http://hooks.test:${port}/start`, {
        redirect: 'manual',
      });
      expect(response.status).toBe(302);
    });
  });
});
