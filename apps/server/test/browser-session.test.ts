import { ADMIN, type TestCore } from '@oncall/testing';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/build-app';
import { createServerTestCore } from './support/test-app';

const OWN_PAGE = {
  'x-oncall-browser': '1',
  'content-type': 'application/json',
  'sec-fetch-site': 'same-origin',
};
const GRACE_SECONDS = 10;

function refreshCookieOf(answer: LightMyRequestResponse): string {
  const header = answer.headers['set-cookie'];
  const cookie = Array.isArray(header) ? header[0] : header;
  if (typeof cookie !== 'string') throw new Error(`no refresh cookie set: ${answer.body}`);
  return cookie;
}

/** `name=value` of a Set-Cookie, as the browser sends it back. */
const sentBack = (setCookie: string) => setCookie.split(';')[0] ?? '';

/**
 * The web UI's session: the refresh token lives in an HttpOnly, SameSite=Strict cookie scoped to the
 * refresh procedure, never in the page; only the UI's own page may use it.
 */
describe('browser sessions over tRPC', () => {
  let t: TestCore;
  const apps: FastifyInstance[] = [];
  let app: FastifyInstance;

  const appWith = async (publicUrl?: string) => {
    const built = await buildApp({
      core: t.core,
      ping: t.database.db.ping,
      logLevel: 'silent',
      bodyLimitBytes: 64 * 1024,
      trustProxy: false,
      publicUrl,
    });
    apps.push(built);
    return built;
  };
  const login = (on: FastifyInstance, headers: Record<string, string> = OWN_PAGE) =>
    on.inject({
      method: 'POST',
      url: '/trpc/auth.browserLogin',
      headers,
      payload: { username: ADMIN.username, password: ADMIN.password },
    });
  const refresh = (cookie: string, headers: Record<string, string> = OWN_PAGE) =>
    app.inject({ method: 'POST', url: '/trpc/auth.browserRefresh', headers: { ...headers, cookie } });
  const me = (accessToken: string) =>
    app.inject({ method: 'GET', url: '/trpc/auth.me', headers: { authorization: `Bearer ${accessToken}` } });

  beforeAll(async () => {
    t = await createServerTestCore({ refreshTokenReuseGraceSeconds: GRACE_SECONDS });
    app = await appWith();
  });
  afterAll(async () => {
    for (const built of apps) await built.close();
    await t.dispose();
  });

  it('logs in with the refresh token in an HttpOnly SameSite=Strict cookie on the refresh path, not in the answer', async () => {
    const answer = await login(app);
    expect(answer.statusCode).toBe(200);
    const data = answer.json().result.data;
    expect(data.accessToken).toEqual(expect.any(String));
    expect(data.user.username).toBe(ADMIN.username);
    expect(data).not.toHaveProperty('refreshToken');
    const cookie = refreshCookieOf(answer);
    expect(cookie).toMatch(/^oncall_refresh=rt_[A-Za-z0-9_-]+; Max-Age=\d+; /);
    expect(cookie).toContain('Path=/trpc/auth.browserRefresh; HttpOnly; SameSite=Strict');
    // Plain HTTP on loopback: browsers would drop a Secure cookie on 127.0.0.1.
    expect(cookie).not.toContain('Secure');
    expect(answer.body).not.toContain(sentBack(cookie).split('=')[1]);
    expect((await me(data.accessToken)).statusCode).toBe(200);
  });

  it('marks the cookie Secure for any other host, and for an https PUBLIC_URL with its path', async () => {
    const remote = await login(app, { ...OWN_PAGE, host: 'alerts.example.org' });
    expect(refreshCookieOf(remote)).toContain('; Secure');
    const subPath = await appWith('https://alerts.example.org/oncall/');
    const cookie = refreshCookieOf(await login(subPath, { ...OWN_PAGE, host: '127.0.0.1:3000' }));
    expect(cookie).toContain('Path=/oncall/trpc/auth.browserRefresh;');
    expect(cookie).toContain('; Secure');
  });

  it('refuses a login or a refresh not from the UI page (no custom header, or a cross-site fetch)', async () => {
    const bare = await login(app, { 'content-type': 'application/json' });
    expect(bare.statusCode).toBe(403);
    expect(bare.headers['set-cookie']).toBeUndefined();
    const crossSite = await login(app, { ...OWN_PAGE, 'sec-fetch-site': 'cross-site' });
    expect(crossSite.statusCode).toBe(403);

    const cookie = sentBack(refreshCookieOf(await login(app)));
    expect((await refresh(cookie, { 'content-type': 'application/json' })).statusCode).toBe(403);
    expect((await refresh(cookie, { ...OWN_PAGE, 'sec-fetch-site': 'same-site' })).statusCode).toBe(403);
    // The refused attempts spent nothing: the page's own refresh still works.
    expect((await refresh(cookie)).statusCode).toBe(200);
  });

  it('rotates the cookie on refresh; a stale cookie within the grace keeps the session, after it revokes it', async () => {
    const first = sentBack(refreshCookieOf(await login(app)));
    const rotated = await refresh(first);
    expect(rotated.statusCode).toBe(200);
    const second = sentBack(refreshCookieOf(rotated));
    expect(second).not.toBe(first);
    const access = rotated.json().result.data.accessToken;
    expect((await me(access)).statusCode).toBe(200);

    // Two tabs refreshing at once: the same successor again.
    const raced = await refresh(first);
    expect(raced.statusCode).toBe(200);
    expect(sentBack(refreshCookieOf(raced))).toBe(second);

    // Past the life of the access token last answered, plus the grace.
    t.clock.advance((t.settings.accessTokenTtlSeconds + GRACE_SECONDS + 1) * 1000);
    const replayed = await refresh(first);
    expect(replayed.statusCode).toBe(401);
    expect(refreshCookieOf(replayed)).toContain('oncall_refresh=; Max-Age=0;');
    expect((await me(access)).statusCode).toBe(401);
    expect((await refresh(second)).statusCode).toBe(401);
  });

  it('answers 401 without a cookie', async () => {
    expect((await refresh('')).statusCode).toBe(401);
  });

  it('ends the session server-side on logout and expires the cookie', async () => {
    const answer = await login(app);
    const cookie = sentBack(refreshCookieOf(answer));
    const access = answer.json().result.data.accessToken;
    const logout = await app.inject({
      method: 'POST',
      url: '/trpc/auth.browserLogout',
      headers: { ...OWN_PAGE, authorization: `Bearer ${access}` },
    });
    expect(logout.statusCode).toBe(200);
    expect(refreshCookieOf(logout)).toContain('oncall_refresh=; Max-Age=0; Path=/trpc/auth.browserRefresh;');
    expect((await me(access)).statusCode).toBe(401);
    expect((await refresh(cookie)).statusCode).toBe(401);
  });
});
