import { openJson, ProviderConfig } from '@oncall/core/persistence';
import { loadProviderSettings, providerChainFor } from '@oncall/core/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/test-app';

const UNKNOWN_ID = '01890000-0000-7000-8000-000000000000';
const CALL_TOKEN = 'call-secret-token-0001';
const SMS_TOKEN = 'sms-secret-token-0002';
const SMTP_PASSWORD = 'smtp-secret-password-0003';

interface ConfigView {
  id: string;
  name: string;
  isDefault: boolean;
  isBackup: boolean;
}

const callBody = (name: string, apiToken = CALL_TOKEN) => ({ name, provider: 'providerOne', apiToken });
const smsBody = (name: string, apiToken = SMS_TOKEN) => ({
  name,
  provider: 'providerOne',
  apiToken,
  senderNumber: '10004346',
  baseUrl: 'http://127.0.0.1:9/fake',
});
const emailBody = (name: string) => ({
  name,
  host: 'smtp.example.com',
  port: '587',
  username: 'alerts',
  password: SMTP_PASSWORD,
  fromAddress: 'alerts@example.com',
  secure: false,
});

describe('provider configs (call, email, sms)', () => {
  let h: TestApp;
  let owner: string;
  let manager: string;
  let member: string;
  /** Every answer body seen, checked at the end for raw secrets. */
  const bodies: string[] = [];

  const api = async (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    options: { token?: string; body?: unknown } = {},
  ) => {
    const response = await h.call(method, `/api/v1${url}`, options);
    bodies.push(response.body);
    return response;
  };
  const create = async (kind: string, body: unknown, token = owner): Promise<ConfigView> => {
    const response = await api('POST', `/config/${kind}`, { token, body });
    expect(response.statusCode).toBe(201);
    return response.json();
  };
  const row = (id: string) => h.t.core.orm.em.fork().findOneOrFail(ProviderConfig, { id });

  beforeAll(async () => {
    h = await createTestApp();
    owner = await h.adminToken();
    manager = (await h.userWithToken('manager1', 'manager')).token;
    member = (await h.userWithToken('member1', 'member')).token;
  });
  afterAll(() => h.dispose());

  describe('create', () => {
    it('answers 201 with secrets masked; the first config of a kind becomes its default', async () => {
      const first = await api('POST', '/config/call', { token: owner, body: callBody('alpha call') });
      expect(first.statusCode).toBe(201);
      expect(first.json()).toMatchObject({
        kind: 'call',
        name: 'alpha call',
        provider: 'providerOne',
        apiToken: '********0001',
        baseUrl: null,
        isDefault: true,
        isBackup: false,
      });
      const second = await create('call', callBody('beta call'), manager);
      expect(second).toMatchObject({ isDefault: false, isBackup: false });

      const sms = await create('sms', smsBody('alpha sms'));
      expect(sms).toMatchObject({
        kind: 'sms',
        apiToken: '********0002',
        senderNumber: '10004346',
        baseUrl: 'http://127.0.0.1:9/fake',
      });
      const email = await create('email', emailBody('alpha email'));
      expect(email).toMatchObject({
        kind: 'email',
        provider: 'smtp',
        host: 'smtp.example.com',
        port: '587',
        username: 'alerts',
        password: '********0003',
        fromAddress: 'alerts@example.com',
        secure: false,
        isDefault: true,
      });
    });

    it('forbids members and refuses anonymous callers', async () => {
      for (const kind of ['call', 'sms', 'email']) {
        const body = { call: callBody('x'), sms: smsBody('x'), email: emailBody('x') }[kind];
        expect((await api('POST', `/config/${kind}`, { token: member, body })).statusCode).toBe(403);
        expect((await api('POST', `/config/${kind}`, { body })).statusCode).toBe(401);
      }
    });

    it('422s missing fields per kind at their paths', async () => {
      const fields = async (kind: string, body: unknown) => {
        const response = await api('POST', `/config/${kind}`, { token: owner, body });
        expect(response.statusCode).toBe(422);
        return Object.keys(response.json().errors).sort();
      };
      expect(await fields('call', {})).toEqual(['apiToken', 'name', 'provider']);
      expect(await fields('sms', {})).toEqual(['apiToken', 'name', 'provider', 'senderNumber']);
      expect(await fields('email', {})).toEqual(['fromAddress', 'host', 'name', 'port']);
      const missing = await api('POST', '/config/call', { token: owner, body: { name: 'x' } });
      expect(missing.json().errors).toEqual({
        provider: ['The provider field is required.'],
        apiToken: ['The api token field is required.'],
      });
    });

    it('422s invalid values with messages', async () => {
      const call = await api('POST', '/config/call', {
        token: owner,
        body: { ...callBody('bad'), provider: 'otherVendor', baseUrl: 'ftp://files.example.com' },
      });
      expect(call.json().errors).toEqual({
        provider: ['The selected provider is invalid.'],
        baseUrl: ['The base url must be a valid http or https URL.'],
      });
      const email = await api('POST', '/config/email', {
        token: owner,
        body: { ...emailBody('bad'), host: 'smtp://mail', port: '70000', fromAddress: 'nope', secure: 'yes' },
      });
      expect(email.statusCode).toBe(422);
      expect(email.json().errors).toEqual({
        host: ['The host must be a host name or IP address.'],
        port: ['The port must be a number between 1 and 65535.'],
        fromAddress: ['The from address must be a valid email address.'],
        secure: ['The secure field must be true or false.'],
      });
      const sms = await api('POST', '/config/sms', {
        token: owner,
        body: { ...smsBody('bad'), apiToken: '  ' },
      });
      expect(sms.json().errors).toEqual({ apiToken: ['The api token field is required.'] });
    });

    it('refuses a numeric port: the contract carries it as a string', async () => {
      for (const port of [465, 587.5, true, ['587'], { port: '587' }]) {
        const response = await api('POST', '/config/email', {
          token: owner,
          body: { ...emailBody('numeric port'), port },
        });
        expect(response.statusCode).toBe(422);
        expect(response.json().errors).toEqual({ port: ['The port must be a string.'] });
      }
      const email = await create('email', { ...emailBody('numeric port'), port: '465' });
      expect(email).toMatchObject({ port: '465' });
    });

    it('ignores unknown fields and never stores them', async () => {
      const created = await create('sms', {
        ...smsBody('zeta extra'),
        isDefault: true,
        isBackup: true,
        extra: 'surprise',
        settings: { injected: 'yes' },
        sealedSecrets: 'v1:forged',
      });
      expect(created).toMatchObject({ isDefault: false, isBackup: false });
      expect(created).not.toHaveProperty('extra');
      const stored = await row(created.id);
      expect(stored.settings).toEqual({ senderNumber: '10004346', baseUrl: 'http://127.0.0.1:9/fake' });
      expect(openJson(h.t.core.secretBox, stored.sealedSecrets)).toEqual({ apiToken: SMS_TOKEN });
    });
  });

  it('encrypts secrets at rest', async () => {
    const created = await create('call', callBody('gamma call', 'at-rest-token-9876'));
    const stored = await row(created.id);
    expect(stored.sealedSecrets).toBeTruthy();
    expect(stored.sealedSecrets).not.toContain('at-rest-token-9876');
    expect(JSON.stringify(stored.settings)).not.toContain('at-rest-token-9876');
    expect(openJson(h.t.core.secretBox, stored.sealedSecrets)).toEqual({ apiToken: 'at-rest-token-9876' });
  });

  describe('list and providers', () => {
    it('lists a kind as a plain array: default first, then backup, then by name', async () => {
      const configs = (await api('GET', '/config/call', { token: owner })).json() as ConfigView[];
      const beta = configs.find((c) => c.name === 'beta call');
      expect(beta).toBeDefined();
      await api('POST', `/config/call/make-backup/${beta?.id}`, { token: owner });
      const listed = await api('GET', '/config/call', { token: manager });
      expect(listed.statusCode).toBe(200);
      expect(listed.json().map((c: ConfigView) => [c.name, c.isDefault, c.isBackup])).toEqual([
        ['alpha call', true, false],
        ['beta call', false, true],
        ['gamma call', false, false],
      ]);
      expect(
        ((await api('GET', '/config/email', { token: owner })).json() as ConfigView[]).map((c) => c.name),
      ).toEqual(['alpha email', 'numeric port']);
    });

    it('names the available providers per kind, not captured by /{id}', async () => {
      const providers = async (kind: string) =>
        (await api('GET', `/config/${kind}/providers`, { token: owner })).json();
      expect(await providers('call')).toEqual(['providerOne']);
      expect(await providers('sms')).toEqual(['providerOne']);
      expect(await providers('email')).toEqual(['smtp']);
    });

    it('forbids members, refuses anonymous callers, and 404s an unknown kind', async () => {
      for (const url of ['/config/sms', '/config/sms/providers']) {
        expect((await api('GET', url, { token: member })).statusCode).toBe(403);
        expect((await api('GET', url)).statusCode).toBe(401);
      }
      expect((await api('GET', '/config/fax', { token: owner })).statusCode).toBe(404);
      expect((await api('POST', '/config/fax', { token: owner, body: callBody('x') })).statusCode).toBe(404);
    });
  });

  describe('get, update, delete', () => {
    it('reads one; 404 for unknown, malformed and other-kind ids; 403 for members', async () => {
      const [sms] = (await api('GET', '/config/sms', { token: owner })).json() as ConfigView[];
      expect((await api('GET', `/config/sms/${sms?.id}`, { token: owner })).json()).toMatchObject({
        id: sms?.id,
        apiToken: '********0002',
      });
      expect((await api('GET', `/config/sms/${UNKNOWN_ID}`, { token: owner })).statusCode).toBe(404);
      expect((await api('GET', '/config/sms/not-an-id', { token: owner })).statusCode).toBe(404);
      const other = await api('GET', `/config/call/${sms?.id}`, { token: owner });
      expect(other.statusCode).toBe(404);
      expect(other.json()).toMatchObject({ code: 'not_found', message: 'Call config not found.' });
      expect((await api('GET', `/config/sms/${sms?.id}`, { token: member })).statusCode).toBe(403);
    });

    it('keeps the stored secret when the masked value is sent back, or the secret is left out', async () => {
      const created = await create('sms', smsBody('round trip', 'round-trip-token-1111'));
      const read = (await api('GET', `/config/sms/${created.id}`, { token: owner })).json();
      expect(read.apiToken).toBe('********1111');

      const saved = await api('PUT', `/config/sms/${created.id}`, {
        token: owner,
        body: { ...read, name: 'round trip renamed' },
      });
      expect(saved.statusCode).toBe(200);
      expect(saved.json()).toMatchObject({ name: 'round trip renamed', apiToken: '********1111' });
      expect(openJson(h.t.core.secretBox, (await row(created.id)).sealedSecrets)).toEqual({
        apiToken: 'round-trip-token-1111',
      });

      const { apiToken: _left, ...withoutToken } = read;
      await api('PUT', `/config/sms/${created.id}`, { token: owner, body: withoutToken });
      expect(openJson(h.t.core.secretBox, (await row(created.id)).sealedSecrets)).toEqual({
        apiToken: 'round-trip-token-1111',
      });

      const replaced = await api('PUT', `/config/sms/${created.id}`, {
        token: owner,
        body: { ...read, apiToken: 'replaced-token-2222', baseUrl: null },
      });
      expect(replaced.json()).toMatchObject({ apiToken: '********2222', baseUrl: null });
      expect((await row(created.id)).settings).toEqual({ senderNumber: '10004346' });
      expect(openJson(h.t.core.secretBox, (await row(created.id)).sealedSecrets)).toEqual({
        apiToken: 'replaced-token-2222',
      });
    });

    it('422s a cleared required secret and a stale masked value', async () => {
      const created = await create('call', callBody('delta call', 'delta-token-3333'));
      const cleared = await api('PUT', `/config/call/${created.id}`, {
        token: owner,
        body: { ...callBody('delta call'), apiToken: '' },
      });
      expect(cleared.statusCode).toBe(422);
      expect(cleared.json().errors).toEqual({ apiToken: ['The api token field is required.'] });
      const stale = await api('PUT', `/config/call/${created.id}`, {
        token: owner,
        body: { ...callBody('delta call'), apiToken: '********9999' },
      });
      expect(stale.statusCode).toBe(422);
      expect(Object.keys(stale.json().errors)).toEqual(['apiToken']);
      expect(openJson(h.t.core.secretBox, (await row(created.id)).sealedSecrets)).toEqual({
        apiToken: 'delta-token-3333',
      });
    });

    it('clears an optional email password with "" and keeps it when left out', async () => {
      const created = await create('email', emailBody('password email'));
      const kept = await api('PUT', `/config/email/${created.id}`, {
        token: owner,
        body: { ...emailBody('password email'), password: undefined, fromAddress: 'ops@example.com' },
      });
      expect(kept.json()).toMatchObject({ password: '********0003', fromAddress: 'ops@example.com' });
      const cleared = await api('PUT', `/config/email/${created.id}`, {
        token: owner,
        body: { ...emailBody('password email'), password: '', username: null },
      });
      expect(cleared.json()).toMatchObject({ password: '', username: null });
      expect((await row(created.id)).sealedSecrets).toBeNull();
    });

    it('answers 404, 403 and 422 on update', async () => {
      const [call] = (await api('GET', '/config/call', { token: owner })).json() as ConfigView[];
      expect(
        (await api('PUT', `/config/call/${UNKNOWN_ID}`, { token: owner, body: callBody('x') })).statusCode,
      ).toBe(404);
      expect(
        (await api('PUT', `/config/call/${call?.id}`, { token: member, body: callBody('x') })).statusCode,
      ).toBe(403);
      const invalid = await api('PUT', `/config/call/${call?.id}`, { token: owner, body: { name: '' } });
      expect(invalid.statusCode).toBe(422);
      expect(Object.keys(invalid.json().errors).sort()).toEqual(['name', 'provider']);
    });

    it('deletes and returns the record; 404 afterwards; 403 for members', async () => {
      const created = await create('call', callBody('temp call'));
      expect((await api('DELETE', `/config/call/${created.id}`, { token: member })).statusCode).toBe(403);
      const deleted = await api('DELETE', `/config/call/${created.id}`, { token: manager });
      expect(deleted.statusCode).toBe(200);
      expect(deleted.json()).toMatchObject({ id: created.id, name: 'temp call', apiToken: '********0001' });
      expect((await api('DELETE', `/config/call/${created.id}`, { token: owner })).statusCode).toBe(404);
      expect((await api('DELETE', `/config/call/${UNKNOWN_ID}`, { token: owner })).statusCode).toBe(404);
    });
  });

  describe('make-default and make-backup', () => {
    const flags = async (kind: string) =>
      Object.fromEntries(
        ((await api('GET', `/config/${kind}`, { token: owner })).json() as ConfigView[]).map((c) => [
          c.name,
          `${c.isDefault ? 'D' : ''}${c.isBackup ? 'B' : ''}`,
        ]),
      );

    it('moves the default and the backup; a config is never both', async () => {
      const one = await create('email', emailBody('one'));
      const two = await create('email', emailBody('two'));
      await api('POST', `/config/email/make-default/${one.id}`, { token: owner });
      expect(await flags('email')).toMatchObject({ one: 'D', two: '', 'alpha email': '' });

      const toTwo = await api('POST', `/config/email/make-default/${two.id}`, { token: manager });
      expect(toTwo.statusCode).toBe(200);
      expect(toTwo.json()).toMatchObject({ id: two.id, isDefault: true, isBackup: false });
      expect(await flags('email')).toMatchObject({ one: '', two: 'D' });

      await api('POST', `/config/email/make-backup/${one.id}`, { token: owner });
      expect(await flags('email')).toMatchObject({ one: 'B', two: 'D' });

      // The backup promoted to default drops its backup role; the old default holds neither.
      await api('POST', `/config/email/make-default/${one.id}`, { token: owner });
      expect(await flags('email')).toMatchObject({ one: 'D', two: '' });

      // And the default demoted to backup leaves the kind without a default.
      const demoted = await api('POST', `/config/email/make-backup/${one.id}`, { token: owner });
      expect(demoted.json()).toMatchObject({ isDefault: false, isBackup: true });
      const values = Object.values(await flags('email'));
      expect(values.filter((f) => f.includes('D'))).toEqual([]);
      expect(values.filter((f) => f.includes('B'))).toEqual(['B']);

      // Idempotent.
      expect((await api('POST', `/config/email/make-backup/${one.id}`, { token: owner })).statusCode).toBe(
        200,
      );
    });

    it('keeps one default under concurrent requests', async () => {
      const configs = await Promise.all(
        ['race a', 'race b', 'race c', 'race d'].map((name) => create('call', callBody(name))),
      );
      const answers = await Promise.all(
        configs.flatMap((c) => [
          api('POST', `/config/call/make-default/${c.id}`, { token: owner }),
          api('POST', `/config/call/make-backup/${c.id}`, { token: owner }),
        ]),
      );
      expect(answers.map((a) => a.statusCode)).toEqual(answers.map(() => 200));
      const values = Object.values(await flags('call'));
      expect(values.filter((f) => f.includes('D')).length).toBeLessThanOrEqual(1);
      expect(values.filter((f) => f.includes('B')).length).toBeLessThanOrEqual(1);
      expect(values).not.toContain('DB');
    });

    it('answers 404 for unknown ids and ids of another kind, 403 for members, 401 anonymous', async () => {
      const [sms] = (await api('GET', '/config/sms', { token: owner })).json() as ConfigView[];
      for (const action of ['make-default', 'make-backup']) {
        expect((await api('POST', `/config/call/${action}/${UNKNOWN_ID}`, { token: owner })).statusCode).toBe(
          404,
        );
        expect((await api('POST', `/config/call/${action}/nope`, { token: owner })).statusCode).toBe(404);
        expect((await api('POST', `/config/call/${action}/${sms?.id}`, { token: owner })).statusCode).toBe(
          404,
        );
        expect((await api('POST', `/config/sms/${action}/${sms?.id}`, { token: member })).statusCode).toBe(
          403,
        );
        expect((await api('POST', `/config/sms/${action}/${sms?.id}`)).statusCode).toBe(401);
      }
    });
  });

  describe('read API for the delivery engine', () => {
    it('answers the chain (default, then backup) and each config ready for sending', async () => {
      const em = h.t.core.orm.em.fork();
      const box = h.t.core.secretBox;
      const sms = (await api('GET', '/config/sms', { token: owner })).json() as ConfigView[];
      const [first, second] = sms;
      await api('POST', `/config/sms/make-default/${second?.id}`, { token: owner });
      await api('POST', `/config/sms/make-backup/${first?.id}`, { token: owner });
      expect(await providerChainFor(em, 'sms')).toEqual([second?.id, first?.id]);

      await api('POST', `/config/sms/make-default/${first?.id}`, { token: owner });
      expect(await providerChainFor(em, 'sms')).toEqual([first?.id]);

      const settings = await loadProviderSettings(em, box, first?.id ?? '');
      expect(settings).toEqual({
        kind: 'sms',
        provider: 'providerOne',
        settings: { senderNumber: '10004346', baseUrl: 'http://127.0.0.1:9/fake' },
        secrets: { apiToken: SMS_TOKEN },
      });
      expect(await loadProviderSettings(em, box, UNKNOWN_ID)).toBeNull();
      expect(await loadProviderSettings(em, box, 'not-an-id')).toBeNull();
    });

    it('stores how the SMTP connection is protected, and refuses an unknown way', async () => {
      const em = h.t.core.orm.em.fork();
      const plain = await create('email', { ...emailBody('relay without TLS'), tls: 'none' });
      expect(plain).toMatchObject({ secure: false, tls: 'none' });
      expect((await loadProviderSettings(em, h.t.core.secretBox, plain.id))?.settings).toMatchObject({
        tls: 'none',
      });
      const legacy = await create('email', emailBody('legacy body'));
      expect(legacy).toMatchObject({ secure: false, tls: null });
      const updated = await api('PUT', `/config/email/${plain.id}`, {
        token: owner,
        // A new TLS mode needs the password again (see secret-destinations.test.ts).
        body: { ...emailBody('relay without TLS'), tls: null },
      });
      expect(updated.json()).toMatchObject({ tls: null });
      const bad = await api('POST', '/config/email', {
        token: owner,
        body: { ...emailBody('bad tls'), tls: 'ssl' },
      });
      expect(bad.statusCode).toBe(422);
      expect(bad.json().errors).toEqual({ tls: ['The selected tls is invalid.'] });
    });

    it('gives email settings as text and answers an empty chain for a kind without roles', async () => {
      const em = h.t.core.orm.em.fork();
      const email = await create('email', { ...emailBody('engine email'), secure: true });
      await api('POST', `/config/email/make-default/${email.id}`, { token: owner });
      expect(await providerChainFor(em, 'email')).toEqual([email.id, expect.any(String)]);
      expect(await loadProviderSettings(em, h.t.core.secretBox, email.id)).toEqual({
        kind: 'email',
        provider: 'smtp',
        settings: {
          host: 'smtp.example.com',
          port: '587',
          username: 'alerts',
          fromAddress: 'alerts@example.com',
          secure: 'true',
        },
        secrets: { password: SMTP_PASSWORD },
      });

      const calls = (await api('GET', '/config/call', { token: owner })).json() as ConfigView[];
      for (const call of calls) await api('DELETE', `/config/call/${call.id}`, { token: owner });
      expect(await providerChainFor(em, 'call')).toEqual([]);
    });
  });

  it('never shows a raw secret in any answer', () => {
    expect(bodies.length).toBeGreaterThan(50);
    for (const secret of [
      CALL_TOKEN,
      SMS_TOKEN,
      SMTP_PASSWORD,
      'at-rest-token-9876',
      'round-trip-token-1111',
      'replaced-token-2222',
      'delta-token-3333',
    ]) {
      expect(bodies.filter((body) => body.includes(secret))).toEqual([]);
    }
  });
});
