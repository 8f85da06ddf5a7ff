import { AlertInstance } from '@oncall/core/persistence';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedRule } from './support/seed-rule';
import { createTestApp, type TestApp } from './support/test-app';

/** Bodies no client should send; each must get a clear 4xx, never a 500. */
const BAD_BODIES: Array<{ label: string; payload: string; contentType?: string }> = [
  { label: 'truncated JSON', payload: '{"username": "a' },
  { label: 'null', payload: 'null' },
  { label: 'array', payload: '[1,2,3]' },
  { label: 'string', payload: '"hello"' },
  { label: 'number', payload: '42' },
  { label: 'empty', payload: '' },
  {
    label: 'wrong types everywhere',
    payload: JSON.stringify({
      username: 1,
      name: [],
      password: {},
      confirmPassword: null,
      role: true,
      ownerId: 5,
      userIds: [{}, 3],
      fromUser: [],
      toUser: {},
      refreshToken: 9,
      description: 7,
    }),
  },
  {
    label: 'operator injection',
    payload: JSON.stringify({ username: { $ne: null }, password: { $gt: '' }, ownerId: { $in: [] } }),
  },
  {
    label: 'NUL characters',
    payload: JSON.stringify({
      username: 'a\u0000b',
      name: 'x\u0000',
      password: 'p\u0000p',
      ownerId: '\u0000',
      userIds: ['\u0000'],
    }),
  },
  {
    label: 'lone surrogates',
    payload: JSON.stringify({
      username: 'a\ud800b',
      name: 'x\udc00',
      password: 'p\ud800',
      ownerId: '\udfff',
      userIds: ['\ud800'],
      instance: 'i\ud800',
      job: '\ud800',
    }),
  },
  {
    label: 'very long strings',
    payload: JSON.stringify({
      username: 'u'.repeat(5000),
      name: 'n'.repeat(5000),
      password: 'p'.repeat(5000),
      ownerId: 'o'.repeat(5000),
      userIds: ['x'.repeat(5000)],
    }),
  },
  { label: 'deep nesting', payload: `${'{"a":'.repeat(500)}1${'}'.repeat(500)}` },
  {
    label: 'prototype pollution',
    payload: '{"__proto__": {"role": "owner"}, "constructor": {"prototype": {"x": 1}}}',
  },
  { label: 'plain text', payload: 'username=admin', contentType: 'text/plain' },
  {
    label: 'form encoded',
    payload: 'username=admin&password=x',
    contentType: 'application/x-www-form-urlencoded',
  },
];

const BAD_QUERIES = [
  '?page=-1&perPage=abc',
  '?page[]=1&perPage[$gt]=5',
  '?page=1e400',
  '?perPage=99999999999999999999999',
  '?username=%00&name=%00',
  `?username=${'x'.repeat(3000)}&name=${'y'.repeat(3000)}`,
  '?username[]=a&username[]=b&name[x]=1',
];

const BAD_IDS = ['not-a-uuid', "' OR 1=1 --", '%00', '00000000-0000-0000-0000-00000000000g', 'x'.repeat(300)];

describe('malformed input never yields a 500', () => {
  let h: TestApp;
  let token: string;
  let logoutToken: string;
  let routes: Array<{ method: 'GET' | 'POST' | 'PUT' | 'DELETE'; path: string }>;

  beforeAll(async () => {
    h = await createTestApp();
    token = await h.adminToken();
    // Logout is among the routes fed garbage; it gets its own session so the others keep theirs.
    logoutToken = await h.adminToken();
    const document = (await h.call('GET', '/api/v1/openapi.json')).json() as {
      paths: Record<string, Record<string, unknown>>;
    };
    routes = Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.keys(methods).map((method) => ({ method: method.toUpperCase() as 'GET', path })),
    );
  });
  afterAll(() => h.dispose());

  const tokenFor = (path: string) =>
    path.endsWith('/logout')
      ? logoutToken
      : path.endsWith('/refresh') || path.endsWith('/login')
        ? undefined
        : token;

  it('knows every route from the OpenAPI document', () => {
    expect(routes.length).toBeGreaterThanOrEqual(19);
    expect(routes).toContainEqual({ method: 'POST', path: '/api/v1/user' });
  });

  it('answers bad bodies on every route with a 4xx, and 422 with a field for JSON bodies on body routes', async () => {
    const failures: string[] = [];
    for (const route of routes.filter((r) => r.method === 'POST' || r.method === 'PUT')) {
      const url = route.path.replace('{id}', '01890000-0000-7000-8000-000000000000');
      for (const bad of BAD_BODIES) {
        const response = await h.call(route.method, url, {
          token: tokenFor(route.path),
          body: bad.payload,
          headers: { 'content-type': bad.contentType ?? 'application/json' },
          ip: '10.9.9.9',
        });
        if (response.statusCode >= 500)
          failures.push(`${route.method} ${route.path} [${bad.label}] → ${response.statusCode}`);
        else if (response.statusCode === 422 && !response.json().errors) {
          failures.push(`${route.method} ${route.path} [${bad.label}] → 422 without field errors`);
        }
      }
    }
    expect(failures).toEqual([]);
  });

  it('answers bad queries and ids on every route without a 500', async () => {
    const failures: string[] = [];
    for (const route of routes) {
      const urls = [
        ...BAD_QUERIES.map((q) => route.path.replace('{id}', '01890000-0000-7000-8000-000000000000') + q),
        ...(route.path.includes('{id}')
          ? BAD_IDS.map((id) => route.path.replace('{id}', encodeURIComponent(id)))
          : []),
      ];
      for (const url of urls) {
        const response = await h.call(route.method, url, {
          token: tokenFor(route.path),
          body: route.method === 'GET' || route.method === 'DELETE' ? undefined : {},
        });
        if (response.statusCode >= 500)
          failures.push(`${route.method} ${url.slice(0, 120)} → ${response.statusCode}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('rejects NUL characters at their field path', async () => {
    const response = await h.call('POST', '/api/v1/team', {
      token,
      body: { name: 'a\u0000', ownerId: 'x', userIds: [] },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({ name: ['The value may not contain NUL characters.'] });
  });

  it('rejects lone UTF-16 surrogates at their field path, in values and keys', async () => {
    const team = await h.call('POST', '/api/v1/team', {
      token,
      body: { name: 'a\ud800', ownerId: 'x', userIds: [] },
    });
    expect(team.statusCode).toBe(422);
    expect(team.json().errors).toEqual({ name: ['The value may not contain a lone UTF-16 surrogate.'] });
    const rule = await h.call('POST', '/api/v1/alert-rule', { token, body: { 'n\udc00': 1 } });
    expect(rule.statusCode).toBe(422);
    expect(rule.json().errors).toEqual({ key: ['The value may not contain a lone UTF-16 surrogate.'] });
  });

  it('rejects a fire with a lone surrogate as a 422 at the field, not a 500', async () => {
    const { token: ruleToken, ruleId } = await seedRule(h.t);
    const fire = await h.call('POST', '/api/v1/fire-alert', {
      token: ruleToken,
      body: { instance: 'db-1', job: '\ud800' },
    });
    expect(fire.statusCode).toBe(422);
    expect(fire.json().errors).toEqual({ job: ['The value may not contain a lone UTF-16 surrogate.'] });
    expect(await h.t.core.orm.em.fork().count(AlertInstance, { rule: ruleId })).toBe(0);
  });

  it('leaves stored data untouched after the barrage', async () => {
    const users = (await h.call('GET', '/api/v1/user/all', { token })).json();
    expect(users.map((u: { username: string }) => u.username)).toEqual(['admin']);
    expect((await h.call('GET', '/api/v1/team/all', { token })).json()).toEqual([]);
  });
});
