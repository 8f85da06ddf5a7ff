import { MessengerProxy } from '@oncall/core/persistence';
import { activeMessengerProxy } from '@oncall/core/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/test-app';

const UNKNOWN_ID = '01890000-0000-7000-8000-000000000000';
const PASSWORD = 'proxy-secret-password-4321';

interface ProxyView {
  id: string;
  name: string;
  isActive: boolean;
  password: string;
}

const proxyBody = (name: string, extra: Record<string, unknown> = {}) => ({
  name,
  type: 'socks5',
  host: 'proxy.internal',
  port: '1080',
  username: 'bot',
  password: PASSWORD,
  ...extra,
});

describe('messenger proxy configs (/config/telegram)', () => {
  let h: TestApp;
  let owner: string;
  let manager: string;
  let member: string;
  const bodies: string[] = [];

  const api = async (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    options: { token?: string; body?: unknown } = {},
  ) => {
    const response = await h.call(method, `/api/v1/config/telegram${url}`, options);
    bodies.push(response.body);
    return response;
  };
  const create = async (name: string, extra: Record<string, unknown> = {}): Promise<ProxyView> => {
    const response = await api('POST', '', { token: owner, body: proxyBody(name, extra) });
    expect(response.statusCode).toBe(200);
    return response.json();
  };
  const list = async (query = ''): Promise<ProxyView[]> => (await api('GET', query, { token: owner })).json();
  const row = (id: string) => h.t.core.orm.em.fork().findOneOrFail(MessengerProxy, { id });

  beforeAll(async () => {
    h = await createTestApp();
    owner = await h.adminToken();
    manager = (await h.userWithToken('manager1', 'manager')).token;
    member = (await h.userWithToken('member1', 'member')).token;
  });
  afterAll(() => h.dispose());

  it('creates inactive with 200, the password masked and encrypted at rest', async () => {
    const response = await api('POST', '', { token: manager, body: proxyBody('Office SOCKS') });
    expect(response.statusCode).toBe(200);
    const proxy = response.json();
    expect(proxy).toMatchObject({
      name: 'Office SOCKS',
      type: 'socks5',
      host: 'proxy.internal',
      port: '1080',
      username: 'bot',
      password: '********4321',
      isActive: false,
    });
    const stored = await row(proxy.id);
    expect(stored.sealedPassword).toBeTruthy();
    expect(stored.sealedPassword).not.toContain(PASSWORD);
    expect(h.t.core.secretBox.decrypt(stored.sealedPassword ?? '')).toBe(PASSWORD);
  });

  it('creates without credentials, ignoring unknown fields', async () => {
    const created = await api('POST', '', {
      token: owner,
      body: { name: 'Plain HTTP', type: 'http', host: '10.0.0.8', port: '3128', isActive: true, extra: 'x' },
    });
    expect(created.statusCode).toBe(200);
    expect(created.json()).toMatchObject({ username: null, password: '', port: '3128', isActive: false });
    expect(created.json()).not.toHaveProperty('extra');
    expect((await row(created.json().id)).sealedPassword).toBeNull();
  });

  it('422s missing and invalid fields at their paths', async () => {
    const missing = await api('POST', '', { token: owner, body: {} });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors).toEqual({
      name: ['The name field is required.'],
      type: ['The type field is required.'],
      host: ['The host field is required.'],
      port: ['The port field is required.'],
    });
    const invalid = await api('POST', '', {
      token: owner,
      body: proxyBody('Bad', { type: 'ftp', host: 'socks5://proxy', port: '0' }),
    });
    expect(invalid.json().errors).toEqual({
      type: ['The selected type is invalid.'],
      host: ['The host must be a host name or IP address.'],
      port: ['The port must be a number between 1 and 65535.'],
    });
    const numeric = await api('POST', '', { token: owner, body: proxyBody('Numeric', { port: 3128 }) });
    expect(numeric.statusCode).toBe(422);
    expect(numeric.json().errors).toEqual({ port: ['The port must be a string.'] });
  });

  it('forbids members and refuses anonymous callers on every route', async () => {
    const [proxy] = await list();
    const routes: Array<['GET' | 'POST' | 'PUT' | 'DELETE', string, unknown?]> = [
      ['GET', ''],
      ['POST', '', proxyBody('x')],
      ['GET', `/${proxy?.id}`],
      ['PUT', `/${proxy?.id}`, proxyBody('x')],
      ['DELETE', `/${proxy?.id}`],
      ['POST', `/activate/${proxy?.id}`],
      ['POST', '/deactivate'],
    ];
    for (const [method, url, body] of routes) {
      expect((await api(method, url, { token: member, body })).statusCode, `${method} ${url}`).toBe(403);
      expect((await api(method, url, { body })).statusCode, `${method} ${url}`).toBe(401);
    }
  });

  it('activates one at a time, lists the active first, and deactivates', async () => {
    const office = (await list()).find((p) => p.name === 'Office SOCKS');
    const plain = (await list()).find((p) => p.name === 'Plain HTTP');
    expect((await list()).map((p) => p.name)).toEqual(['Office SOCKS', 'Plain HTTP']);

    const activated = await api('POST', `/activate/${plain?.id}`, { token: owner });
    expect(activated.statusCode).toBe(200);
    expect(activated.json()).toMatchObject({ id: plain?.id, isActive: true });
    expect((await list()).map((p) => [p.name, p.isActive])).toEqual([
      ['Plain HTTP', true],
      ['Office SOCKS', false],
    ]);

    await api('POST', `/activate/${office?.id}`, { token: manager });
    expect((await list()).map((p) => [p.name, p.isActive])).toEqual([
      ['Office SOCKS', true],
      ['Plain HTTP', false],
    ]);
    // Activating the active one again changes nothing.
    expect((await api('POST', `/activate/${office?.id}`, { token: owner })).statusCode).toBe(200);

    const deactivated = await api('POST', '/deactivate', { token: owner });
    expect(deactivated.statusCode).toBe(200);
    expect(deactivated.json()).toMatchObject({
      status: true,
      deactivated: { id: office?.id, isActive: false },
    });
    expect((await list()).every((p) => !p.isActive)).toBe(true);

    const again = await api('POST', '/deactivate', { token: owner });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ status: true, deactivated: null });

    expect((await api('POST', `/activate/${UNKNOWN_ID}`, { token: owner })).statusCode).toBe(404);
    expect((await api('POST', '/activate/nope', { token: owner })).statusCode).toBe(404);
  });

  it('keeps one active under concurrent activations', async () => {
    const proxies = await Promise.all(['Race A', 'Race B', 'Race C'].map((name) => create(name)));
    const answers = await Promise.all(proxies.map((p) => api('POST', `/activate/${p.id}`, { token: owner })));
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200]);
    expect((await list()).filter((p) => p.isActive)).toHaveLength(1);
  });

  it('filters by name, partially and case-insensitively, with wildcards taken literally', async () => {
    expect((await list('?name=race')).map((p) => p.name).sort()).toEqual(['Race A', 'Race B', 'Race C']);
    expect((await list('?name=OFFICE')).map((p) => p.name)).toEqual(['Office SOCKS']);
    expect(await list('?name=%25')).toEqual([]);
    expect(await list('?name=zzz')).toEqual([]);
  });

  it('reads one; 404 for unknown and malformed ids', async () => {
    const office = (await list('?name=office'))[0];
    const read = await api('GET', `/${office?.id}`, { token: owner });
    expect(read.json()).toMatchObject({ name: 'Office SOCKS', password: '********4321' });
    expect((await api('GET', `/${UNKNOWN_ID}`, { token: owner })).statusCode).toBe(404);
    expect((await api('GET', '/not-an-id', { token: owner })).statusCode).toBe(404);
  });

  it('updates: a masked password round-trips, a new one replaces it, "" clears it', async () => {
    const office = (await list('?name=office'))[0];
    const read = (await api('GET', `/${office?.id}`, { token: owner })).json();
    const renamed = await api('PUT', `/${office?.id}`, { token: owner, body: { ...read, name: 'Office 2' } });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({ name: 'Office 2', password: '********4321', username: 'bot' });
    expect(h.t.core.secretBox.decrypt((await row(read.id)).sealedPassword ?? '')).toBe(PASSWORD);

    const { password: _left, username: _kept, ...rest } = read;
    const left = await api('PUT', `/${office?.id}`, { token: owner, body: rest });
    expect(left.json()).toMatchObject({ password: '********4321', username: 'bot' });

    const replaced = await api('PUT', `/${office?.id}`, {
      token: owner,
      body: { ...read, password: 'another-password-7777' },
    });
    expect(replaced.json().password).toBe('********7777');
    expect(h.t.core.secretBox.decrypt((await row(read.id)).sealedPassword ?? '')).toBe(
      'another-password-7777',
    );

    const stale = await api('PUT', `/${office?.id}`, {
      token: owner,
      body: { ...read, password: '********0000' },
    });
    expect(stale.statusCode).toBe(422);
    expect(Object.keys(stale.json().errors)).toEqual(['password']);

    const cleared = await api('PUT', `/${office?.id}`, {
      token: owner,
      body: { ...read, username: '', password: '' },
    });
    expect(cleared.json()).toMatchObject({ username: null, password: '' });
    expect((await row(read.id)).sealedPassword).toBeNull();

    expect((await api('PUT', `/${UNKNOWN_ID}`, { token: owner, body: proxyBody('x') })).statusCode).toBe(404);
    const invalid = await api('PUT', `/${office?.id}`, { token: owner, body: { ...read, port: 'http' } });
    expect(invalid.statusCode).toBe(422);
    expect(Object.keys(invalid.json().errors)).toEqual(['port']);
  });

  it('gives the delivery engine the active proxy, secrets decrypted, or null', async () => {
    const em = h.t.core.orm.em.fork();
    const box = h.t.core.secretBox;
    await api('POST', '/deactivate', { token: owner });
    expect(await activeMessengerProxy(em, box)).toBeNull();

    const withAuth = await create('Engine proxy');
    await api('POST', `/activate/${withAuth.id}`, { token: owner });
    expect(await activeMessengerProxy(em, box)).toEqual({
      type: 'socks5',
      host: 'proxy.internal',
      port: 1080,
      username: 'bot',
      password: PASSWORD,
    });

    const plain = (await list('?name=plain'))[0];
    await api('POST', `/activate/${plain?.id}`, { token: owner });
    expect(await activeMessengerProxy(em, box)).toEqual({ type: 'http', host: '10.0.0.8', port: 3128 });
  });

  it('deletes and returns the record, the active one included; 404 afterwards', async () => {
    const plain = (await list('?name=plain'))[0];
    expect(plain?.isActive).toBe(true);
    const deleted = await api('DELETE', `/${plain?.id}`, { token: owner });
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toMatchObject({ id: plain?.id, name: 'Plain HTTP' });
    expect((await api('DELETE', `/${plain?.id}`, { token: owner })).statusCode).toBe(404);
    expect(await activeMessengerProxy(h.t.core.orm.em.fork(), h.t.core.secretBox)).toBeNull();
  });

  it('never shows a raw password in any answer', () => {
    expect(bodies.length).toBeGreaterThan(40);
    for (const secret of [PASSWORD, 'another-password-7777']) {
      expect(bodies.filter((body) => body.includes(secret))).toEqual([]);
    }
  });
});
