import { DataSource } from '@oncall/core/persistence';
import { queriedDataSource } from '@oncall/core/testing';
import {
  hangReply,
  type MonitoringRequest,
  type RecordingHttpServer,
  selfSignedCertificate,
  startFakeMonitoringSystem,
  type TestCertificate,
} from '@oncall/fakes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requestSchemaOf, responseSchemaOf } from './support/openapi-document';
import { createTestApp, type TestApp } from './support/test-app';

// Per-data-source connection options over REST: stored, checked, shown, and honoured by the status
// check. The polled fixture stands for a source plugin with `pollAlerts` (no built-in has one yet).

const POLLED = '@fixture/oncall-source-polled';
const DEFAULTS = {
  timeoutSeconds: 5,
  tlsSkipVerify: false,
  caCertificate: null,
  tlsServerName: null,
  pollIntervalSeconds: null,
};
const UNTRUSTED =
  "The server's TLS certificate was not accepted (DEPTH_ZERO_SELF_SIGNED_CERT): trust its CA with caCertificate, name it with tlsServerName, or set tlsSkipVerify.";

describe('data source connection options', () => {
  let h: TestApp;
  let owner: string;
  let certificate: TestCertificate;
  let https: RecordingHttpServer<MonitoringRequest>;
  let names = 0;

  beforeAll(async () => {
    h = await createTestApp({}, { sourcePackages: [POLLED] });
    owner = await h.adminToken();
    certificate = await selfSignedCertificate();
    https = await startFakeMonitoringSystem('prometheus', { tls: certificate });
  });
  afterAll(async () => {
    await https.close();
    await h.dispose();
  });

  const post = (body: Record<string, unknown>) =>
    h.call('POST', '/api/v1/data-source', {
      token: owner,
      body: { name: `source ${++names}`, type: 'splunk', url: 'https://splunk.internal:8089', ...body },
    });
  const put = (id: string, body: Record<string, unknown>) =>
    h.call('PUT', `/api/v1/data-source/${id}`, { token: owner, body });
  const status = async (id: string) =>
    (await h.call('GET', `/api/v1/data-source/status/${id}`, { token: owner })).json();

  it('shows the defaults when a create leaves the options out', async () => {
    const created = await post({});
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject(DEFAULTS);
    const read = await h.call('GET', `/api/v1/data-source/${created.json().id}`, { token: owner });
    expect(read.json()).toMatchObject(DEFAULTS);
  });

  it('stores the options, keeps them on an update that leaves them out, and clears them with null', async () => {
    const options = {
      timeoutSeconds: 30,
      tlsSkipVerify: true,
      caCertificate: certificate.cert,
      tlsServerName: 'Splunk.Internal',
    };
    const stored = { ...options, tlsServerName: 'splunk.internal', pollIntervalSeconds: null };
    const created = await post(options);
    expect(created.statusCode).toBe(201);
    const view = created.json();
    expect(view).toMatchObject(stored);
    const list = (await h.call('GET', '/api/v1/data-source?name=source', { token: owner })).json();
    expect(list.data.find((item: { id: string }) => item.id === view.id)).toMatchObject(stored);

    // A legacy client echoes only the fields it knows.
    const legacy = await put(view.id, { name: view.name, url: view.url, username: null });
    expect(legacy.statusCode).toBe(200);
    expect(legacy.json()).toMatchObject(stored);

    const cleared = await put(view.id, {
      name: view.name,
      url: view.url,
      tlsSkipVerify: false,
      caCertificate: null,
      tlsServerName: '',
    });
    expect(cleared.json()).toMatchObject({ ...DEFAULTS, timeoutSeconds: 30 });
  });

  it('422s bad options at their field paths', async () => {
    const refused = async (body: Record<string, unknown>) => {
      const response = await post(body);
      expect(response.statusCode, Object.keys(body).join()).toBe(422);
      return response.json().errors;
    };
    expect(await refused({ timeoutSeconds: 0 })).toEqual({
      timeoutSeconds: ['The timeout seconds must be at least 1.'],
    });
    expect(await refused({ timeoutSeconds: 61 })).toEqual({
      timeoutSeconds: ['The timeout seconds may not be greater than 60.'],
    });
    expect(await refused({ timeoutSeconds: 2.5 })).toEqual({
      timeoutSeconds: ['The timeout seconds must be an integer.'],
    });
    expect(await refused({ tlsSkipVerify: 'yes' })).toEqual({
      tlsSkipVerify: ['The tls skip verify field must be true or false.'],
    });
    expect(await refused({ tlsServerName: 'not a host!' })).toEqual({
      tlsServerName: ['The tls server name must be a host name.'],
    });
    expect(await refused({ caCertificate: 'not a certificate' })).toEqual({
      caCertificate: ['The ca certificate must be a PEM certificate (-----BEGIN CERTIFICATE----- …).'],
    });
    const garbled = '-----BEGIN CERTIFICATE-----\nbm90IGRlcg==\n-----END CERTIFICATE-----';
    expect(await refused({ caCertificate: garbled })).toEqual({
      caCertificate: ['The ca certificate is not a valid X.509 certificate.'],
    });
    expect(await refused({ caCertificate: `${certificate.cert}\n${certificate.key}` })).toEqual({
      caCertificate: ['The ca certificate contains a private key; paste the CA certificate only.'],
    });
    expect(await refused({ pollIntervalSeconds: 60 })).toEqual({
      pollIntervalSeconds: ['The Splunk source plugin does not poll alerts; leave the poll interval empty.'],
    });
    expect(await refused({ type: 'polled_fixture', pollIntervalSeconds: 5 })).toEqual({
      pollIntervalSeconds: ['The poll interval seconds must be at least 10.'],
    });
  });

  it('stores a poll interval for a type whose plugin polls, and exposes it with the query target', async () => {
    const created = await post({
      type: 'polled_fixture',
      url: 'http://polled.internal',
      pollIntervalSeconds: 60,
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ pollIntervalSeconds: 60 });
    const source = await h.t.database.db.orm.em.fork().findOneOrFail(DataSource, created.json().id);
    const { core } = h.t;
    expect(queriedDataSource(source, core.secretBox, core.plugins.sourceFor(source.type))).toMatchObject({
      target: {
        connection: { url: 'http://polled.internal' },
        options: { timeoutMs: 5_000, tls: { skipVerify: false } },
      },
      pollIntervalSeconds: 60,
    });
    const updated = await put(created.json().id, {
      name: created.json().name,
      url: 'http://polled.internal',
      pollIntervalSeconds: 3600,
    });
    expect(updated.json()).toMatchObject({ pollIntervalSeconds: 3600 });
    expect(
      (await put(created.json().id, { ...updated.json(), pollIntervalSeconds: null })).json(),
    ).toMatchObject({
      pollIntervalSeconds: null,
    });
  });

  it('asks for the secrets again when the TLS trust changes, as when the url does', async () => {
    const created = await post({ apiToken: 'splunk-token-0123456789' });
    const view = created.json();
    const weakened = await put(view.id, { ...view, tlsSkipVerify: true });
    expect(weakened.statusCode).toBe(422);
    expect(weakened.json().errors).toEqual({
      apiToken: ['The api token must be sent again when the TLS verification changes.'],
    });
    const resent = await put(view.id, { ...view, tlsSkipVerify: true, apiToken: 'splunk-token-0123456789' });
    expect(resent.statusCode).toBe(200);
    // Other options move no secret.
    expect((await put(view.id, { ...resent.json(), timeoutSeconds: 9 })).statusCode).toBe(200);
  });

  it('checks an https source as its TLS options say', async () => {
    const created = await post({ type: 'prometheus', url: https.url });
    const view = created.json();
    expect(await status(view.id)).toEqual({ isConnected: false, message: UNTRUSTED });
    const connected = { isConnected: true, message: 'HTTP 200 from /api/v1/status/buildinfo.' };
    await put(view.id, { name: view.name, url: view.url, caCertificate: certificate.cert });
    expect(await status(view.id)).toEqual(connected);
    await put(view.id, { name: view.name, url: view.url, caCertificate: null, tlsSkipVerify: true });
    expect(await status(view.id)).toEqual(connected);
  });

  it("ends the check of a source that never answers at the source's own limit", async () => {
    const slow = await startFakeMonitoringSystem('prometheus');
    try {
      slow.replyNext(hangReply);
      const created = await post({ type: 'prometheus', url: slow.url, timeoutSeconds: 1 });
      const started = Date.now();
      expect(await status(created.json().id)).toEqual({
        isConnected: false,
        message: 'No answer within 1 s.',
      });
      expect(Date.now() - started).toBeLessThan(2_500);
    } finally {
      await slow.close();
    }
  });

  it('documents the options in the OpenAPI description of the bodies and reads', async () => {
    const doc = (await h.call('GET', '/api/v1/openapi.json')).json();
    const body = requestSchemaOf(doc, doc.paths['/api/v1/data-source'].post);
    for (const field of Object.keys(DEFAULTS)) expect(body.properties, field).toHaveProperty(field);
    expect(body.properties?.timeoutSeconds).toMatchObject({ minimum: 1, maximum: 60 });
    const read = responseSchemaOf(doc, doc.paths['/api/v1/data-source/{id}'].get, '200');
    expect(read.required).toEqual(expect.arrayContaining(Object.keys(DEFAULTS)));
  });
});
