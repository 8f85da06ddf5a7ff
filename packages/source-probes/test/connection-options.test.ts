import type { DataSourceConnectionOptions } from '@oncall/core';
import {
  hangReply,
  type MonitoringRequest,
  type RecordingHttpServer,
  selfSignedCertificate,
  startFakeMonitoringSystem,
  type TestCertificate,
} from '@oncall/fakes';
import prometheus from '@oncall/source-prometheus';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createSourceProber, createSourceQuerier } from '../src';

// A data source's own options: its time limit and how its certificate is trusted, against a fake
// Prometheus that speaks HTTPS with a self-signed certificate (for `localhost` and 127.0.0.1).

const options = (
  tls: Partial<DataSourceConnectionOptions['tls']> = {},
  timeoutMs = 5_000,
): DataSourceConnectionOptions => ({ timeoutMs, tls: { skipVerify: false, ...tls } });

const plan = prometheus.probe ?? expect.fail('the prometheus plugin declares its check');

const UNTRUSTED =
  "The server's TLS certificate was not accepted (DEPTH_ZERO_SELF_SIGNED_CERT): trust its CA with caCertificate, name it with tlsServerName, or set tlsSkipVerify.";

describe('data source connection options', () => {
  let certificate: TestCertificate;
  let https: RecordingHttpServer<MonitoringRequest>;
  const prober = createSourceProber();
  const querier = createSourceQuerier();

  beforeAll(async () => {
    certificate = await selfSignedCertificate();
    https = await startFakeMonitoringSystem('prometheus', { tls: certificate });
  });
  afterAll(() => https.close());

  const probeTarget = (url: string, connectionOptions?: DataSourceConnectionOptions) => ({
    type: 'prometheus',
    plan,
    url,
    username: null,
    password: null,
    apiToken: null,
    options: connectionOptions,
  });
  const connection = (url: string) => ({ id: 'id', name: 'prom', type: 'prometheus', url });
  const labels = (url: string, connectionOptions?: DataSourceConnectionOptions) =>
    querier.query(
      { connection: connection(url), plan, options: connectionOptions },
      async (s, ctx) => (await ctx.fetch(`${s.url}/api/v1/labels`)).status,
    );

  it('refuses a self-signed certificate without options, and says which options help', async () => {
    expect(await prober.probe(probeTarget(https.url))).toEqual({ isConnected: false, message: UNTRUSTED });
    expect(await prober.probe(probeTarget(https.url, options()))).toEqual({
      isConnected: false,
      message: UNTRUSTED,
    });
    expect(await labels(https.url, options())).toEqual({ ok: false, reason: UNTRUSTED });
  });

  it('connects when the certificate is the trusted CA, or when verification is skipped', async () => {
    const connected = { isConnected: true, message: 'HTTP 200 from /api/v1/status/buildinfo.' };
    expect(await prober.probe(probeTarget(https.url, options({ ca: certificate.cert })))).toEqual(connected);
    expect(await prober.probe(probeTarget(https.url, options({ skipVerify: true })))).toEqual(connected);
    expect(await labels(https.url, options({ ca: certificate.cert }))).toEqual({ ok: true, value: 200 });
    expect(await labels(https.url, options({ skipVerify: true }))).toEqual({ ok: true, value: 200 });
  });

  it('checks the certificate against the configured server name', async () => {
    const wrongName = await prober.probe(
      probeTarget(https.url, options({ ca: certificate.cert, serverName: 'prometheus.internal' })),
    );
    expect(wrongName.message).toMatch(
      /^The server's TLS certificate was not accepted \(ERR_TLS_CERT_ALTNAME_INVALID\)/,
    );
    const rightName = options({ ca: certificate.cert, serverName: 'localhost' });
    expect((await prober.probe(probeTarget(https.url, rightName))).isConnected).toBe(true);
  });

  describe('time limits', () => {
    let slow: RecordingHttpServer<MonitoringRequest>;
    afterEach(() => slow.close());

    it("ends a check of a source that never answers at the source's own limit", async () => {
      slow = await startFakeMonitoringSystem('prometheus');
      slow.replyNext(hangReply);
      const started = Date.now();
      expect(await prober.probe(probeTarget(slow.url, options({}, 1_000)))).toEqual({
        isConnected: false,
        message: 'No answer within 1 s.',
      });
      expect(Date.now() - started).toBeLessThan(2_000);
    });

    it('bounds a query by the least of the call, the source and the host', async () => {
      slow = await startFakeMonitoringSystem('prometheus');
      const hang = () => new Promise<never>(() => undefined);
      const target = { connection: connection(slow.url), options: options({}, 1_000) };
      expect(await querier.query(target, hang, { timeoutMs: 200 })).toEqual({
        ok: false,
        reason: 'No answer within 0.2 s.',
      });
      // A call may shorten the source's limit, never lengthen it.
      expect(await querier.query(target, hang, { timeoutMs: 30_000 })).toEqual({
        ok: false,
        reason: 'No answer within 1 s.',
      });
      const bounded = createSourceQuerier({ maxTimeoutMs: 300 });
      expect(await bounded.query(target, hang)).toEqual({ ok: false, reason: 'No answer within 0.3 s.' });
    });
  });
});
