import {
  DataSource,
  MessengerProxy,
  openJson,
  ProviderConfig,
  SystemSetting,
} from '@oncall/core/persistence';
import { loadProviderSettings } from '@oncall/core/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/test-app';

const TOKEN = 'stored-api-token-0001';
const PASSWORD = 'stored-password-0002';
const ATTACKER = 'https://collector.attacker.example';

/**
 * A secret kept on update (left out, or sent back masked) may not follow a change of where it is
 * sent: whoever can edit a record but never saw its secret could otherwise point it at a host of
 * their own. Changing the destination needs the secret again.
 */
describe('stored secrets cannot be redirected', () => {
  let h: TestApp;
  let manager: string;

  const put = (url: string, body: unknown) => h.call('PUT', `/api/v1${url}`, { token: manager, body });
  const post = (url: string, body: unknown) => h.call('POST', `/api/v1${url}`, { token: manager, body });
  const created = async (url: string, body: unknown) => {
    const response = await post(url, body);
    expect(response.statusCode, response.body).toBeLessThan(300);
    return response.json();
  };

  beforeAll(async () => {
    h = await createTestApp();
    manager = (await h.userWithToken('secrets-manager', 'manager')).token;
  });
  afterAll(() => h.dispose());

  describe('data sources', () => {
    const body = (name: string) => ({
      name,
      type: 'prometheus',
      url: 'https://prometheus.internal.example',
      username: 'reader',
      apiToken: TOKEN,
      password: PASSWORD,
    });
    const stored = async (id: string) => {
      const row = await h.t.core.orm.em.fork().findOneOrFail(DataSource, { id });
      return { url: row.url, secrets: openJson(h.t.core.secretBox, row.sealedSecrets) };
    };

    it('refuses a new url with the masked secrets sent back, naming each kept secret', async () => {
      const view = await created('/data-source', body('redirected source'));
      const response = await put(`/data-source/${view.id}`, { ...view, url: ATTACKER });
      expect(response.statusCode).toBe(422);
      expect(response.json().errors).toEqual({
        apiToken: ['The api token must be sent again when the url changes.'],
        password: ['The password must be sent again when the url changes.'],
      });
      expect(await stored(view.id)).toEqual({
        url: 'https://prometheus.internal.example',
        secrets: { apiToken: TOKEN, password: PASSWORD },
      });
    });

    it('refuses a new url with the secrets left out, and with one of them only', async () => {
      const view = await created('/data-source', body('left-out source'));
      const bare = await put(`/data-source/${view.id}`, {
        name: view.name,
        type: 'prometheus',
        url: ATTACKER,
      });
      expect(bare.statusCode).toBe(422);
      expect(Object.keys(bare.json().errors).sort()).toEqual(['apiToken', 'password']);
      const half = await put(`/data-source/${view.id}`, { ...view, url: ATTACKER, apiToken: 'a-new-token' });
      expect(half.statusCode).toBe(422);
      expect(half.json().errors).toEqual({
        password: ['The password must be sent again when the url changes.'],
      });
      expect((await stored(view.id)).url).toBe('https://prometheus.internal.example');
    });

    it('moves with the secrets sent again, cleared, or when the url stays', async () => {
      const view = await created('/data-source', body('moving source'));
      const same = await put(`/data-source/${view.id}`, { ...view, name: 'renamed source' });
      expect(same.statusCode, same.body).toBe(200);
      const moved = await put(`/data-source/${view.id}`, {
        ...view,
        name: 'renamed source',
        url: 'https://prometheus-2.internal.example',
        apiToken: 'token-for-the-new-host',
        password: null,
      });
      expect(moved.statusCode, moved.body).toBe(200);
      expect(await stored(view.id)).toEqual({
        url: 'https://prometheus-2.internal.example',
        secrets: { apiToken: 'token-for-the-new-host' },
      });
    });

    it('is the same rule on tRPC', async () => {
      const view = await created('/data-source', body('trpc source'));
      const response = await h.call('POST', '/trpc/dataSources.update', {
        token: manager,
        body: { id: view.id, name: view.name, url: ATTACKER, apiToken: view.apiToken },
      });
      expect(response.statusCode).toBe(422);
      expect(JSON.stringify(response.json())).toContain('must be sent again when the url changes');
    });
  });

  describe('provider configs', () => {
    const providerSettings = async (id: string) =>
      loadProviderSettings(h.t.core.orm.em.fork(), h.t.core.secretBox, id);

    it.each(['sms', 'call'] as const)('refuses a new %s base url with the api token kept', async (kind) => {
      const body = {
        name: `${kind} redirect`,
        provider: 'providerOne',
        apiToken: TOKEN,
        baseUrl: 'https://api.vendor.example',
        ...(kind === 'sms' ? { senderNumber: '10004346' } : {}),
      };
      const view = await created(`/config/${kind}`, body);
      for (const sent of [{ ...view }, { ...body, apiToken: undefined }]) {
        const response = await put(`/config/${kind}/${view.id}`, { ...sent, baseUrl: ATTACKER });
        expect(response.statusCode).toBe(422);
        expect(response.json().errors).toEqual({
          apiToken: ['The api token must be sent again when the baseUrl changes.'],
        });
      }
      // Clearing the base URL sends the token to the vendor's default host: a change too.
      const cleared = await put(`/config/${kind}/${view.id}`, { ...view, baseUrl: null });
      expect(cleared.statusCode).toBe(422);
      expect((await providerSettings(view.id))?.settings.baseUrl).toBe('https://api.vendor.example');

      const resent = await put(`/config/${kind}/${view.id}`, {
        ...view,
        baseUrl: ATTACKER,
        apiToken: 'new-token',
      });
      expect(resent.statusCode, resent.body).toBe(200);
      const same = await put(`/config/${kind}/${view.id}`, { ...(resent.json() as object), name: 'renamed' });
      expect(same.statusCode, same.body).toBe(200);
      expect((await providerSettings(view.id))?.secrets).toEqual({ apiToken: 'new-token' });
    });

    it('refuses a new SMTP host or port with the password kept', async () => {
      const body = {
        name: 'smtp redirect',
        host: 'smtp.internal.example',
        port: '587',
        username: 'alerts',
        password: PASSWORD,
        fromAddress: 'alerts@example.com',
      };
      const view = await created('/config/email', body);
      const host = await put(`/config/email/${view.id}`, { ...view, host: 'smtp.attacker.example' });
      expect(host.statusCode).toBe(422);
      expect(host.json().errors).toEqual({
        password: ['The password must be sent again when the host changes.'],
      });
      const { password: _left, ...withoutPassword } = body;
      const port = await put(`/config/email/${view.id}`, { ...withoutPassword, port: '2525' });
      expect(port.statusCode).toBe(422);
      expect(port.json().errors).toEqual({
        password: ['The password must be sent again when the port changes.'],
      });
      const row = await h.t.core.orm.em.fork().findOneOrFail(ProviderConfig, { id: view.id });
      expect(row.settings).toMatchObject({ host: 'smtp.internal.example', port: '587' });

      const renamed = await put(`/config/email/${view.id}`, { ...view, name: 'smtp renamed' });
      expect(renamed.statusCode, renamed.body).toBe(200);
      const moved = await put(`/config/email/${view.id}`, {
        ...view,
        host: 'smtp-2.internal.example',
        password: 'p2',
      });
      expect(moved.statusCode, moved.body).toBe(200);
    });

    // How the connection is protected decides who can read the password on the way: a kept
    // password may not follow a downgrade to plain text (or any other change of it).
    it.each([
      ['tls', { tls: 'none' }],
      ['tls', { tls: null }],
      ['secure', { secure: true }],
      ['secure', { secure: null }],
    ] as const)('refuses a new SMTP %s (%j) with the password kept', async (field, change) => {
      const body = {
        name: `smtp ${field} ${JSON.stringify(change)}`,
        host: 'smtp.internal.example',
        port: '587',
        username: 'alerts',
        password: PASSWORD,
        fromAddress: 'alerts@example.com',
        secure: false,
        tls: 'starttls',
      };
      const view = await created('/config/email', body);
      const { password: _left, ...withoutPassword } = body;
      for (const sent of [view, withoutPassword]) {
        const response = await put(`/config/email/${view.id}`, { ...sent, ...change });
        expect(response.statusCode).toBe(422);
        expect(response.json().errors).toEqual({
          password: [`The password must be sent again when the ${field} changes.`],
        });
      }
      const kept = await providerSettings(view.id);
      expect(kept?.settings).toMatchObject({ secure: 'false', tls: 'starttls' });
      expect(kept?.secrets).toEqual({ password: PASSWORD });

      const resent = await put(`/config/email/${view.id}`, { ...view, ...change, password: 'p2' });
      expect(resent.statusCode, resent.body).toBe(200);
      const same = await put(`/config/email/${view.id}`, { ...(resent.json() as object), name: 'renamed' });
      expect(same.statusCode, same.body).toBe(200);
      expect((await providerSettings(view.id))?.secrets).toEqual({ password: 'p2' });
    });

    it('keeps the SMTP password when only the username changes: it still goes to the same server', async () => {
      const view = await created('/config/email', {
        name: 'smtp username',
        host: 'smtp.internal.example',
        port: '587',
        username: 'alerts',
        password: PASSWORD,
        fromAddress: 'alerts@example.com',
      });
      const renamed = await put(`/config/email/${view.id}`, { ...view, username: 'other' });
      expect(renamed.statusCode, renamed.body).toBe(200);
      expect((await providerSettings(view.id))?.secrets).toEqual({ password: PASSWORD });
    });
  });

  describe('messenger proxies', () => {
    const body = {
      name: 'typed proxy',
      type: 'socks5',
      host: 'proxy.internal',
      port: '1080',
      username: 'bot',
      password: PASSWORD,
    };
    const storedPassword = async (id: string) => {
      const row = await h.t.core.orm.em.fork().findOneOrFail(MessengerProxy, { id });
      return { type: row.type, password: h.t.core.secretBox.decrypt(row.sealedPassword ?? '') };
    };

    // The type is the proxy's scheme: it decides how the password is sent to the host.
    it('refuses a new proxy type with the password kept', async () => {
      const view = await created('/config/telegram', body);
      for (const sent of [view, { ...view, password: undefined }]) {
        const response = await put(`/config/telegram/${view.id}`, { ...sent, type: 'http' });
        expect(response.statusCode).toBe(422);
        expect(response.json().errors).toEqual({
          password: ['The password must be sent again when the type changes.'],
        });
      }
      expect(await storedPassword(view.id)).toEqual({ type: 'socks5', password: PASSWORD });

      const resent = await put(`/config/telegram/${view.id}`, { ...view, type: 'http', password: 'p2' });
      expect(resent.statusCode, resent.body).toBe(200);
      const same = await put(`/config/telegram/${view.id}`, {
        ...(resent.json() as object),
        name: 'renamed',
      });
      expect(same.statusCode, same.body).toBe(200);
      expect(await storedPassword(view.id)).toEqual({ type: 'http', password: 'p2' });
    });

    it('keeps the proxy password when only the username changes', async () => {
      const view = await created('/config/telegram', { ...body, name: 'proxy username' });
      const renamed = await put(`/config/telegram/${view.id}`, { ...view, username: 'other' });
      expect(renamed.statusCode, renamed.body).toBe(200);
      expect(await storedPassword(view.id)).toEqual({ type: 'socks5', password: PASSWORD });
    });
  });

  it('refuses a new messenger proxy host or port with the password kept', async () => {
    const body = {
      name: 'proxy',
      type: 'socks5',
      host: 'proxy.internal',
      port: '1080',
      username: 'bot',
      password: PASSWORD,
    };
    const view = await created('/config/telegram', body);
    const host = await put(`/config/telegram/${view.id}`, { ...view, host: 'proxy.attacker.example' });
    expect(host.statusCode).toBe(422);
    expect(host.json().errors).toEqual({
      password: ['The password must be sent again when the host changes.'],
    });
    const port = await put(`/config/telegram/${view.id}`, { ...view, password: undefined, port: '1081' });
    expect(port.json().errors).toEqual({
      password: ['The password must be sent again when the port changes.'],
    });
    const row = await h.t.core.orm.em.fork().findOneOrFail(MessengerProxy, { id: view.id });
    expect({ host: row.host, port: row.port }).toEqual({ host: 'proxy.internal', port: '1080' });
    expect((await put(`/config/telegram/${view.id}`, { ...view, name: 'proxy renamed' })).statusCode).toBe(
      200,
    );
    expect(
      (await put(`/config/telegram/${view.id}`, { ...view, port: '1081', password: 'p2' })).statusCode,
    ).toBe(200);
  });

  it('refuses a new cluster source url with the source token kept', async () => {
    const path = '/config/core/cluster';
    const saved = await post(path, {
      type: 'agent',
      sourceUrl: 'https://main.internal.example',
      sourceToken: TOKEN,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const view = saved.json();
    const moved = await post(path, { ...view, sourceUrl: ATTACKER });
    expect(moved.statusCode).toBe(422);
    expect(moved.json().errors).toEqual({
      sourceToken: ['The source token must be sent again when the sourceUrl changes.'],
    });
    const setting = await h.t.core.orm.em.fork().findOneOrFail(SystemSetting, { key: 'cluster' });
    expect(setting.value.sourceUrl).toBe('https://main.internal.example');
    expect((await post(path, view)).statusCode).toBe(200);
    expect((await post(path, { ...view, sourceUrl: ATTACKER, sourceToken: 'fresh' })).statusCode).toBe(200);
  });

  // The scheme is part of each url compared: https to http is a change like any other.
  it('refuses an https url downgraded to http with the secret kept', async () => {
    const source = await created('/data-source', {
      name: 'downgraded source',
      type: 'prometheus',
      url: 'https://prometheus.internal.example',
      apiToken: TOKEN,
    });
    const sourceMoved = await put(`/data-source/${source.id}`, {
      ...source,
      url: 'http://prometheus.internal.example',
    });
    expect(sourceMoved.json().errors).toEqual({
      apiToken: ['The api token must be sent again when the url changes.'],
    });

    const sms = await created('/config/sms', {
      name: 'downgraded sms',
      provider: 'providerOne',
      apiToken: TOKEN,
      senderNumber: '10004346',
      baseUrl: 'https://api.vendor.example',
    });
    const smsMoved = await put(`/config/sms/${sms.id}`, { ...sms, baseUrl: 'http://api.vendor.example' });
    expect(smsMoved.json().errors).toEqual({
      apiToken: ['The api token must be sent again when the baseUrl changes.'],
    });

    const cluster = await post('/config/core/cluster', {
      type: 'agent',
      sourceUrl: 'https://main.internal.example',
      sourceToken: TOKEN,
    });
    const clusterMoved = await post('/config/core/cluster', {
      ...(cluster.json() as object),
      sourceUrl: 'http://main.internal.example',
    });
    expect(clusterMoved.json().errors).toEqual({
      sourceToken: ['The source token must be sent again when the sourceUrl changes.'],
    });
  });
});
