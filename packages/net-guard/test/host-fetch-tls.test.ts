import {
  type RecordedHttpRequest,
  type RecordingHttpServer,
  selfSignedCertificate,
  startRecordingHttpServer,
  type TestCertificate,
  textReply,
} from '@oncall/fakes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BlockedTargetError, createHostFetch, type HostFetchOptions, type Resolver } from '../src';

// Names stand in for DNS: the server's certificate names `localhost` and 127.0.0.1, not these.
const resolve: Resolver = async (hostname) => [
  { address: hostname === 'internal.test' ? '127.0.0.2' : '127.0.0.1', family: 4 },
];

/** The deepest error's code: undici wraps the TLS failure as the cause of `fetch failed`. */
function codeOf(error: unknown): string | undefined {
  let code: string | undefined;
  for (let current = error; current instanceof Error; current = current.cause) {
    const own = (current as NodeJS.ErrnoException).code;
    if (typeof own === 'string') code = own;
  }
  return code;
}

describe('createHostFetch TLS settings', () => {
  let certificate: TestCertificate;
  let server: RecordingHttpServer<RecordedHttpRequest>;

  beforeAll(async () => {
    certificate = await selfSignedCertificate();
    server = await startRecordingHttpServer({
      record: (request) => request,
      defaultReply: () => textReply(200, 'secure'),
      tls: certificate,
    });
  });
  afterAll(() => server.close());

  const fetchWith = async (options: HostFetchOptions, url = `${server.url}/x`) => {
    const host = createHostFetch({ allowedAddresses: ['127.0.0.1/32'], resolve, ...options });
    try {
      const response = await host.fetch(url);
      return { status: response.status, body: await response.text() };
    } catch (error) {
      return { error };
    } finally {
      await host.close();
    }
  };

  it('refuses a self-signed certificate by default', async () => {
    const outcome = await fetchWith({});
    expect('error' in outcome && codeOf(outcome.error)).toBe('DEPTH_ZERO_SELF_SIGNED_CERT');
  });

  it('trusts a given CA besides the system roots, and anything when told not to verify', async () => {
    expect(await fetchWith({ tls: { ca: certificate.cert } })).toEqual({ status: 200, body: 'secure' });
    expect(await fetchWith({ tls: { rejectUnauthorized: false } })).toEqual({ status: 200, body: 'secure' });
  });

  it('checks the certificate against the configured server name, not the URL host', async () => {
    const port = new URL(server.url).port;
    const byName = `https://hooks.test:${port}/x`;
    const mismatch = await fetchWith({ tls: { ca: certificate.cert } }, byName);
    expect('error' in mismatch && codeOf(mismatch.error)).toBe('ERR_TLS_CERT_ALTNAME_INVALID');
    expect(await fetchWith({ tls: { ca: certificate.cert, servername: 'localhost' } }, byName)).toEqual({
      status: 200,
      body: 'secure',
    });
  });

  it('keeps the address guard whatever the TLS settings say', async () => {
    const port = new URL(server.url).port;
    const outcome = await fetchWith(
      { tls: { rejectUnauthorized: false, servername: 'localhost' } },
      `https://internal.test:${port}/x`,
    );
    expect('error' in outcome && outcome.error).toBeInstanceOf(BlockedTargetError);
  });
});
